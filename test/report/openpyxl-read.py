#!/usr/bin/python3
"""
Reads a workbook with openpyxl, an independent reader (the Python library most scripts that
post-process reports use), and prints what a person opening it sees as one JSON object:
the first sheet's cells with their types and number formats, the frozen pane, the autofilter,
column widths, each cell's fill and reading order, and the print setup. Used by test/report/xlsx-openpyxl.test.ts.

  /usr/bin/python3 test/report/openpyxl-read.py results.xlsx
"""
import json
import sys

import openpyxl

book = openpyxl.load_workbook(sys.argv[1])
sheet = book.worksheets[0]
rows = []
for row in sheet.iter_rows():
    rows.append(
        [
            {
                "value": cell.value,
                "type": cell.data_type,
                "fill": cell.fill.fgColor.rgb if cell.fill.fill_type == "solid" else None,
                "rtl": cell.alignment.readingOrder == 2,
                "bold": bool(cell.font.bold),
                "format": cell.number_format,
            }
            for cell in row
        ]
    )
widths = {letter: dim.width for letter, dim in sheet.column_dimensions.items()}
setup = sheet.page_setup
page = {
    "orientation": setup.orientation,
    "fitToPage": bool(sheet.sheet_properties.pageSetUpPr and sheet.sheet_properties.pageSetUpPr.fitToPage),
    "fitToWidth": setup.fitToWidth,
    "fitToHeight": setup.fitToHeight,
    "titleRows": sheet.print_title_rows,
}
print(
    json.dumps(
        {
            "sheets": book.sheetnames,
            "freeze": sheet.freeze_panes,
            "filter": sheet.auto_filter.ref,
            "widths": widths,
            "page": page,
            "rows": rows,
        },
        ensure_ascii=False,
    )
)
