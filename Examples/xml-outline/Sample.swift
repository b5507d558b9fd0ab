/// The document `xml-outline` outlines when no file is given.
let sampleXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <library name="ClosureKit examples">
      <!-- Each shelf holds books; each book has a title and authors. -->
      <shelf topic="Delegates">
        <book id="b1" year="2026">
          <title>Closures Where Delegates Were</title>
          <author>Ada</author>
          <author>Grace</author>
        </book>
        <book id="b2" year="2025">
          <title>Proxies &amp; Hooks</title>
          <summary><![CDATA[Before, instead & after.]]></summary>
        </book>
      </shelf>
      <shelf topic="Time">
        <book id="b3" year="2024"><title>Cancellable Delays</title></book>
      </shelf>
    </library>
    """
