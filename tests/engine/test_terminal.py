"""The terminal game: prompts, refusals explained, quitting."""
import io

from engine.terminal import play


def run(answers, **kw):
    out = io.StringIO()
    winner = play(kw.pop("ruleset", "hu-nc"), seed=kw.pop("seed", 2), input=iter(answers), output=out, **kw)
    return winner, out.getvalue()


def test_empty_answers_take_the_advice_and_finish_the_game():
    winner, out = run([""] * 500)
    assert winner in (0, 1) and "wins the game" in out
    assert "You are the elder: stand (play) or propose (an exchange)?" in out or "accept or refuse" in out


def test_the_end_of_input_leaves_the_game():
    winner, out = run([])
    assert winner is None and "You leave the game." in out


def test_an_illegal_answer_is_explained_and_asked_again():
    answers = iter(["", "", "", "play 7C", "quit"])
    winner, out = run(answers, seed=5)
    assert winner is None
    assert "Not allowed:" in out or "Not understood" in out


def test_help_lists_the_answers():
    _, out = run(["", "", "", "help", "quit"])
    assert "discard 7S 8D" in out


def test_the_dealer_names_his_batches_and_a_wrong_name_is_asked_again():
    out = io.StringIO()

    def answers():                      # "4-1", then "2-3" at the batches prompt; else the advice
        asked = 0
        while True:
            if out.getvalue().rstrip().endswith("(kept for the game)? [3-2]"):
                asked += 1
                yield "4-1" if asked == 1 else "2-3"
            else:
                yield "quit" if asked > 1 else ""

    for seed in range(20):              # a seed where the human deals before the game ends
        out.seek(0), out.truncate()
        play("hu-nc", seed=seed, input=answers(), output=out)
        if "Deal in batches" in out.getvalue():
            break
    text = out.getvalue()
    assert "The batches are 3-2 or 2-3" in text and "A deals in batches 2-3" in text
