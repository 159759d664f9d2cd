<?xml version="1.0" encoding="UTF-8"?>
<!-- A witness's TEI text as the reader's HTML (run at build time by lxml; pipeline/site/text.py).

     Every div, p, head, figure, item or row with an xml:id is a unit: an element whose id is the
     unit id, with an empty <aside class="unit-links"> that the build fills with the unit's
     parallels, rules and scenarios. A container's lead-in (seg type="lead-in", whose id the
     alignment's links point at) is shown as its text, in its container.
     Both spelling layers are kept (orig and reg); the stylesheet shows one (reader.css). Apparatus
     entries, corrections and editorial notes open as popovers, which need no script. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
                xmlns:tei="http://www.tei-c.org/ns/1.0" exclude-result-prefixes="tei">
  <xsl:output method="xml" encoding="UTF-8" omit-xml-declaration="yes"/>

  <xsl:template match="/">
    <div class="text">
      <xsl:apply-templates select="tei:TEI/tei:teiHeader/tei:encodingDesc"/>
      <xsl:apply-templates select="tei:TEI/tei:text/*"/>
    </div>
  </xsl:template>

  <!-- the header's editorial principles, once above the text: what the popovers' reasons refer to -->
  <xsl:template match="tei:encodingDesc">
    <details class="editing" id="editing" lang="en">
      <summary>How this text is edited</summary>
      <xsl:for-each select="tei:editorialDecl/* | tei:variantEncoding/following-sibling::tei:p">
        <section>
          <h2><xsl:value-of select="translate(local-name(), 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')"/></h2>
          <xsl:for-each select="self::tei:p | tei:p"><p><xsl:apply-templates mode="plain"/></p></xsl:for-each>
        </section>
      </xsl:for-each>
    </details>
  </xsl:template>

  <xsl:template match="tei:front | tei:body | tei:back">
    <div class="{local-name()}"><xsl:apply-templates/></div>
  </xsl:template>

  <!-- units -->
  <xsl:template match="tei:div[@xml:id]">
    <section class="unit unit-div {@type}" id="{@xml:id}" tabindex="-1">
      <xsl:call-template name="lang"/>
      <xsl:apply-templates/>
      <aside class="unit-links" data-for="{@xml:id}"/>
    </section>
  </xsl:template>
  <xsl:template match="tei:div">
    <section class="{@type}"><xsl:call-template name="lang"/><xsl:apply-templates/></section>
  </xsl:template>
  <xsl:template match="tei:p[@xml:id] | tei:head[@xml:id] | tei:figure[@xml:id]">
    <div class="unit unit-{local-name()}" id="{@xml:id}" tabindex="-1">
      <xsl:call-template name="lang"/>
      <xsl:apply-templates select="." mode="inner"/>
      <aside class="unit-links" data-for="{@xml:id}"/>
    </div>
  </xsl:template>
  <xsl:template match="tei:item[@xml:id]">
    <li class="unit unit-item" id="{@xml:id}" tabindex="-1">
      <xsl:call-template name="lang"/>
      <xsl:apply-templates/>
      <aside class="unit-links" data-for="{@xml:id}"/>
    </li>
  </xsl:template>
  <xsl:template match="tei:row[@xml:id]">
    <tr class="unit unit-row" id="{@xml:id}" tabindex="-1">
      <xsl:apply-templates/>
      <td class="row-links"><aside class="unit-links" data-for="{@xml:id}"/></td>
    </tr>
  </xsl:template>

  <!-- blocks -->
  <xsl:template match="tei:p" mode="inner"><p><xsl:apply-templates/></p></xsl:template>
  <xsl:template match="tei:p"><p><xsl:call-template name="lang"/><xsl:apply-templates/></p></xsl:template>
  <xsl:template match="tei:head" mode="inner">
    <xsl:element name="h{count(ancestor::tei:div) + 1}"><xsl:apply-templates/></xsl:element>
  </xsl:template>
  <xsl:template match="tei:head">
    <xsl:element name="h{count(ancestor::tei:div) + 1}">
      <xsl:call-template name="lang"/><xsl:apply-templates/>
    </xsl:element>
  </xsl:template>
  <xsl:template match="tei:figure" mode="inner">
    <figure><figcaption><xsl:apply-templates/></figcaption></figure>
  </xsl:template>
  <xsl:template match="tei:figure/tei:desc"><span class="figure-desc">[figure: <xsl:apply-templates/>]</span></xsl:template>
  <xsl:template match="tei:list"><ul><xsl:apply-templates/></ul></xsl:template>
  <xsl:template match="tei:item"><li><xsl:call-template name="lang"/><xsl:apply-templates/></li></xsl:template>
  <xsl:template match="tei:table"><table><xsl:apply-templates/></table></xsl:template>
  <xsl:template match="tei:row"><tr><xsl:apply-templates/></tr></xsl:template>
  <xsl:template match="tei:cell"><td><xsl:apply-templates/></td></xsl:template>

  <!-- phrases -->
  <xsl:template match="tei:label"><span class="label"><xsl:apply-templates/></span></xsl:template>
  <xsl:template match="tei:foreign">
    <i class="foreign" lang="{@xml:lang}"><xsl:apply-templates/></i>
  </xsl:template>
  <xsl:template match="tei:lb[@break = 'no' and @rend = 'hyphen']"><span class="lb hyphen" aria-hidden="true"/></xsl:template>
  <xsl:template match="tei:lb"><span class="lb" aria-hidden="true"/></xsl:template>
  <xsl:template match="tei:pb">
    <span class="pb" lang="en" role="note" title="page break in the source">
      <xsl:text>[page</xsl:text>
      <xsl:if test="@n"><xsl:text> </xsl:text><xsl:value-of select="@n"/></xsl:if>
      <xsl:text>]</xsl:text>
    </span>
  </xsl:template>
  <xsl:template match="tei:gap">
    <span class="gap" role="note" title="text lost from the source ({@reason})">[…]</span>
  </xsl:template>
  <xsl:template match="tei:unclear">
    <span class="unclear" title="doubtful: {@reason}"><xsl:apply-templates/></span>
  </xsl:template>

  <!-- the two spelling layers: the print's (orig) and today's (reg) -->
  <xsl:template match="tei:choice[tei:orig]">
    <xsl:variable name="id" select="concat('ed-', count(preceding::tei:choice | preceding::tei:app | preceding::tei:note[@type != 'analysis'] | ancestor::tei:choice | ancestor::tei:app | ancestor::tei:note) + 1)"/>
    <span class="decision spelling">
      <button type="button" class="decision-mark" popovertarget="{$id}">
        <span class="orig"><xsl:apply-templates select="tei:orig/node()" mode="plain"/></span>
        <span class="reg"><xsl:apply-templates select="tei:reg/node()" mode="plain"/></span>
      </button>
      <span popover="" id="{$id}" class="popover" role="note">
        <span class="popover-title" lang="en">Spelling</span>
        <span class="reading"><span class="who" lang="en">the source</span><xsl:text> </xsl:text><xsl:apply-templates select="tei:orig/node()" mode="plain"/></span>
        <span class="reading"><span class="who" lang="en">today</span><xsl:text> </xsl:text><xsl:apply-templates select="tei:reg/node()" mode="plain"/></span>
        <xsl:choose>
          <xsl:when test="tei:reg/@type = 'symbol'"><span class="reason" lang="en">A sign the source lost, given beside the word that stands in for it (see the editorial note).</span></xsl:when>
          <xsl:otherwise><span class="reason" lang="en" data-orig="{tei:orig}" data-reg="{tei:reg}"/></xsl:otherwise>
        </xsl:choose>
      </span>
    </span>
  </xsl:template>

  <!-- a misprint and the editors' correction -->
  <xsl:template match="tei:choice[tei:sic]">
    <xsl:variable name="id" select="concat('ed-', count(preceding::tei:choice | preceding::tei:app | preceding::tei:note[@type != 'analysis'] | ancestor::tei:choice | ancestor::tei:app | ancestor::tei:note) + 1)"/>
    <span class="decision correction">
      <button type="button" class="decision-mark" popovertarget="{$id}"><xsl:apply-templates select="tei:corr/node()" mode="plain"/></button>
      <span popover="" id="{$id}" class="popover" role="note">
        <span class="popover-title" lang="en">Correction of a misprint</span>
        <span class="reading"><span class="who" lang="en">the print</span><xsl:text> </xsl:text><span class="sic"><xsl:apply-templates select="tei:sic/node()" mode="plain"/></span></span>
        <span class="reading"><span class="who" lang="en">the edition</span><xsl:text> </xsl:text><xsl:apply-templates select="tei:corr/node()" mode="plain"/></span>
        <span class="reason" lang="en" data-source="{tei:corr/@source}"/>
      </span>
    </span>
  </xsl:template>

  <!-- the apparatus: the edition's reading and each transcript's -->
  <xsl:template match="tei:app">
    <xsl:variable name="id" select="concat('ed-', count(preceding::tei:choice | preceding::tei:app | preceding::tei:note[@type != 'analysis'] | ancestor::tei:choice | ancestor::tei:app | ancestor::tei:note) + 1)"/>
    <span class="decision app">
      <button type="button" class="decision-mark" popovertarget="{$id}">
        <xsl:choose>
          <xsl:when test="normalize-space(tei:lem) = ''"><span class="omitted" title="the edition reads nothing here">°</span></xsl:when>
          <xsl:otherwise><xsl:apply-templates select="tei:lem/node()" mode="plain"/></xsl:otherwise>
        </xsl:choose>
      </button>
      <span popover="" id="{$id}" class="popover" role="note">
        <span class="popover-title" lang="en">Readings</span>
        <span class="reading lem"><span class="who" lang="en">the edition</span><xsl:text> </xsl:text>
          <xsl:choose>
            <xsl:when test="normalize-space(tei:lem) = ''"><em>reads nothing</em></xsl:when>
            <xsl:otherwise><xsl:apply-templates select="tei:lem/node()" mode="plain"/></xsl:otherwise>
          </xsl:choose>
        </span>
        <xsl:for-each select="tei:rdg">
          <span class="reading rdg">
            <span class="who" lang="en"><xsl:call-template name="witnesses"><xsl:with-param name="refs" select="normalize-space(@wit)"/></xsl:call-template></span>
            <xsl:text> </xsl:text>
            <xsl:choose>
              <xsl:when test="normalize-space(.) = ''"><em>reads nothing</em></xsl:when>
              <xsl:otherwise><xsl:apply-templates mode="plain"/></xsl:otherwise>
            </xsl:choose>
          </span>
        </xsl:for-each>
        <span class="reason" lang="en" data-source="{tei:lem/@source}" data-resp="{tei:lem/@resp}"/>
        <xsl:for-each select="tei:lem//tei:choice[tei:orig]">
          <span class="reading"><span class="who" lang="en">in today's spelling</span><xsl:text> </xsl:text><xsl:apply-templates select="tei:reg/node()" mode="plain"/></span>
          <span class="reason" lang="en" data-orig="{tei:orig}" data-reg="{tei:reg}"/>
        </xsl:for-each>
      </span>
    </span>
  </xsl:template>

  <!-- notes: analysis notes go to the unit's panel; editorial notes open as popovers -->
  <xsl:template match="tei:note[@type = 'analysis']"/>
  <xsl:template match="tei:note">
    <xsl:variable name="id" select="concat('ed-', count(preceding::tei:choice | preceding::tei:app | preceding::tei:note[@type != 'analysis'] | ancestor::tei:choice | ancestor::tei:app | ancestor::tei:note) + 1)"/>
    <span class="decision note">
      <button type="button" class="note-mark" popovertarget="{$id}" aria-label="editorial note">*</button>
      <span popover="" id="{$id}" class="popover" role="note" lang="en">
        <span class="popover-title" lang="en">Editorial note</span>
        <xsl:apply-templates/>
      </span>
    </span>
  </xsl:template>

  <!-- inside a button or a popover: the words only, both spelling layers, no nested controls -->
  <xsl:template match="tei:choice[tei:orig]" mode="plain">
    <span class="orig"><xsl:apply-templates select="tei:orig/node()" mode="plain"/></span>
    <span class="reg"><xsl:apply-templates select="tei:reg/node()" mode="plain"/></span>
  </xsl:template>
  <xsl:template match="tei:choice[tei:sic]" mode="plain"><xsl:apply-templates select="tei:corr/node()" mode="plain"/></xsl:template>
  <xsl:template match="tei:app" mode="plain"><xsl:apply-templates select="tei:lem/node()" mode="plain"/></xsl:template>
  <xsl:template match="tei:foreign" mode="plain"><i class="foreign" lang="{@xml:lang}"><xsl:apply-templates mode="plain"/></i></xsl:template>
  <xsl:template match="tei:note | tei:lb | tei:pb" mode="plain"/>
  <xsl:template match="tei:gap" mode="plain">[…]</xsl:template>

  <!-- "#hu-nc.wit.hu-nc-ocr1 #…" as "hu-nc-ocr1, …" -->
  <xsl:template name="witnesses">
    <xsl:param name="refs"/>
    <xsl:variable name="first" select="substring-before(concat($refs, ' '), ' ')"/>
    <xsl:value-of select="substring-after($first, '.wit.')"/>
    <xsl:variable name="rest" select="substring-after($refs, ' ')"/>
    <xsl:if test="$rest != ''">
      <xsl:text>, </xsl:text>
      <xsl:call-template name="witnesses"><xsl:with-param name="refs" select="$rest"/></xsl:call-template>
    </xsl:if>
  </xsl:template>

  <xsl:template name="lang">
    <xsl:if test="@xml:lang"><xsl:attribute name="lang"><xsl:value-of select="@xml:lang"/></xsl:attribute></xsl:if>
  </xsl:template>
</xsl:stylesheet>
