#!/usr/bin/python3
"""
Writes the cell-edge sheets of test/fidelity/cell-edges.test.ts into the folder given, each by a
real writer: openpyxl (Debian's python3-openpyxl) for the workbook, Python's csv module for the
CSV, as Excel and LibreOffice save one (error cells as their text, long numbers as displayed).

  /usr/bin/python3 test/fidelity/make-cell-edges.py <folder>
"""
import csv
import os
import sys

# products_workbook is shared with the fixture generators (test/fixtures/fidelity/workbooks.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "fidelity"))
from workbooks import products_workbook  # noqa: E402

HEADER = ["product_id", "title", "barcode", "tag", "sale_price", "description"]


def workbook(target):
    rows = [
        # A barcode under a scientific format: the cell keeps every digit, Excel shows 6.29E+12.
        (1001, "Scientific barcode", (6291041500213, "0.00E+00"), (5551234567, "000\\-000\\-0000"), 19.5, "ok"),
        # Literals between digit placeholders; a # that keeps the leading zero.
        (1002, "Placeholders", (628100000001, "000000000000#"), (12.5, "0\\\u066b00"), 7, "ok"),
        # Native digits from the locale prefix, in a text field; a hyphenated barcode as Excel shows it.
        (1003, "Native digits", (12345678, "0000-0000"), (12.5, "[$-2000401]0.00"), 3, "ok"),
        # A price typed with its currency (text cells).
        (1004, "Riyal price", "6281000000011", "riyal", "ر.س. 1,234.50", "ok"),
        (1005, "Coded price", "6281000000012", "code", "SAR 12", "ok"),
        # A percentage is no price; an error cell is no description.
        (1006, "Percent price", "6281000000013", "percent", "15%", "ok"),
        (1007, "Error cell", "6281000000014", "error", 5, "#N/A"),
    ]
    products_workbook(HEADER, rows).save(target)


def csv_file(target):
    with open(target, "w", encoding="utf-8-sig", newline="") as out:
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(HEADER)
        writer.writerow([1001, "Excel display", "6.292E+12", "lost", "5", "ok"])
        writer.writerow([1002, "Error text", "6281000000021", "error", "5", "#DIV/0!"])
        writer.writerow([1003, "Dollar price", "6281000000022", "dollar", "$12", "ok"])
        writer.writerow([1004, "Percent", "6281000000023", "percent", "15%", "ok"])
        writer.writerow([1005, "Allowed error", "6281000000024", "#N/A", "5", "ok"])


if __name__ == "__main__":
    folder = sys.argv[1]
    workbook(os.path.join(folder, "cell-edges.openpyxl.xlsx"))
    csv_file(os.path.join(folder, "cell-edges.python-csv.csv"))
