"""Run cc-pyspark's own link extraction, without Spark, on the WARC and
WAT files of ../sources, and print what it finds, one link a line:

    page<TAB>SOURCE_URL<TAB>TARGET_URL   (ExtractLinksJob: page-level links)
    host<TAB>SOURCE_HOST<TAB>TARGET_HOST (ExtractHostLinksJob: reversed hosts)

Usage: python3 extract.py CC_PYSPARK_CHECKOUT > links.tsv

The job classes come from cc-pyspark's wat_extract_links.py as they are;
only Spark (pyspark, sparkcc's CCSparkJob) and warcio are replaced by
stand-ins: the records are read by a small reader of uncompressed WARC
files here, and handed to the job's process_record one by one, as
sparkcc's iterate_records does.
"""
import glob
import io
import json
import os
import sys
import types


def stub_modules():
    pyspark = types.ModuleType('pyspark')
    sql = types.ModuleType('pyspark.sql')
    sqltypes = types.ModuleType('pyspark.sql.types')
    for name in ('StructType', 'StructField', 'StringType', 'LongType', 'BooleanType'):
        setattr(sqltypes, name, lambda *a, **k: None)
    sql.types = sqltypes
    pyspark.sql = sql
    sys.modules.update({'pyspark': pyspark, 'pyspark.sql': sql, 'pyspark.sql.types': sqltypes})

    class Counter:
        def add(self, n):
            pass

    class Logger:
        def error(self, *a):
            pass
        warning = info = debug = error

    class CCSparkJob:
        records_processed = Counter()

        def get_logger(self, *a):
            return Logger()

        @staticmethod
        def is_wat_json_record(r):
            return r.rec_type == 'metadata' and r.content_type == 'application/json'

        @staticmethod
        def is_response_record(r):
            return r.rec_type == 'response'

        @staticmethod
        def get_payload_stream(r):
            return r.content_stream()

        @staticmethod
        def get_warc_header(r, header, default=None):
            return r.rec_headers.get_header(header, default)

    sparkcc = types.ModuleType('sparkcc')
    sparkcc.CCSparkJob = CCSparkJob
    sys.modules['sparkcc'] = sparkcc
    return Counter


class Headers:
    def __init__(self, fields):
        self.fields = fields

    def get_header(self, name, default=None):
        for k, v in self.fields:
            if k.lower() == name.lower():
                return v
        return default


class Record:
    def __init__(self, fields, block):
        self.rec_headers = Headers(fields)
        self.rec_type = self.rec_headers.get_header('WARC-Type')
        self.content_type = self.rec_headers.get_header('Content-Type')
        self.block = block

    def content_stream(self):
        # warc_parse_http_header = False: the HTTP message as it is
        return io.BytesIO(self.block)


def read_warc(path):
    with open(path, 'rb') as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        end = data.index(b'\r\n\r\n', pos)
        lines = data[pos:end].decode('utf-8').split('\r\n')
        fields = [tuple(s.strip() for s in line.split(':', 1)) for line in lines[1:]]
        length = int(Headers(fields).get_header('Content-Length'))
        block = data[end + 4:end + 4 + length]
        yield Record(fields, block)
        pos = end + 4 + length + 4


def main():
    sys.path.insert(0, sys.argv[1])
    Counter = stub_modules()
    import wat_extract_links as w
    here = os.path.dirname(os.path.abspath(__file__))
    files = sorted(glob.glob(os.path.join(here, '..', 'sources', '**', '*.warc'), recursive=True))
    for kind, cls in (('page', w.ExtractLinksJob), ('host', w.ExtractHostLinksJob)):
        job = cls.__new__(cls)
        for acc in ('records_response', 'records_response_wat', 'records_response_warc',
                    'records_response_robotstxt', 'records_failed', 'records_non_html',
                    'records_response_redirect', 'link_count'):
            setattr(job, acc, Counter())
        out = set()
        for path in files:
            rel = os.path.relpath(path, os.path.join(here, '..')).replace(os.sep, '/')
            job.processing_robotstxt_warc = w.ExtractLinksJob.robotstxt_warc_path_pattern.match('/' + rel)
            if kind == 'page':
                # ExtractLinksJob.process_robotstxt is a bare `pass` (it
                # returns None, which process_record cannot iterate): the
                # page-level job takes no sitemap links, so robots.txt
                # files are read as other WARC files are.
                job.processing_robotstxt_warc = None
            for rec in read_warc(path):
                for s, t in job.process_record(rec):
                    out.add((s, t))
        for s, t in sorted(out):
            print('%s\t%s\t%s' % (kind, s, t))


if __name__ == '__main__':
    main()
