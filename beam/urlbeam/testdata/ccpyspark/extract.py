"""Run cc-pyspark's own link extraction, without Spark, on the WARC and
WAT files of ../sources (or on the WARC files named), and print what it
finds, one link a line:

    page<TAB>SOURCE_URL<TAB>TARGET_URL   (ExtractLinksJob: page-level links)
    host<TAB>SOURCE_HOST<TAB>TARGET_HOST (ExtractHostLinksJob: reversed hosts)

Usage: python3 extract.py CC_PYSPARK_CHECKOUT > links.tsv
       PYTHONPATH=WARCIO_CHECKOUT \
         python3 extract.py CC_PYSPARK_CHECKOUT FILE... > public-links.tsv

The job classes come from cc-pyspark's wat_extract_links.py as they are;
only Spark (pyspark, sparkcc's CCSparkJob) is replaced by a stand-in.
Without FILE arguments warcio is replaced too: the records of ../sources
are read by a small reader of uncompressed WARC files here, and handed to
the job's process_record one by one, as sparkcc's iterate_records does.
With FILE arguments each file is read by warcio's ArchiveIterator (it
must be importable), as sparkcc's process_warc reads it, and handed to
the job's own iterate_records; a file warcio stops reading with
ArchiveLoadFailed keeps the links of the records before, as in
cc-pyspark. The output then starts with "#" lines: how it was made, and
for each file the records read, the lines each job found and why
reading stopped early.
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
        def __init__(self):
            self.value = 0

        def add(self, n):
            self.value += n

    class Logger:
        messages = []

        def error(self, msg, *a):
            Logger.messages.append(msg % a if a else msg)
        warning = error

        def info(self, *a):
            pass
        debug = info

    class CCSparkJob:
        records_processed = Counter()
        warc_input_failed = Counter()

        def get_logger(self, *a):
            return Logger()

        def process_warc(self, uri, stream):
            # sparkcc's CCSparkJob.process_warc, as it is
            from warcio.archiveiterator import ArchiveIterator
            from warcio.recordloader import ArchiveLoadFailed
            try:
                rec_iter = ArchiveIterator(stream,
                                           no_record_parse=(not self.warc_parse_http_header),
                                           arc2warc=True)
                for res in self.iterate_records(uri, rec_iter):
                    yield res
            except ArchiveLoadFailed as exception:
                self.warc_input_failed.add(1)
                self.get_logger().error('Invalid WARC: {} - {}'.format(uri, exception))

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
    return Counter, Logger


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


def new_job(cls, Counter):
    job = cls.__new__(cls)
    for acc in ('records_response', 'records_response_wat', 'records_response_warc',
                'records_response_robotstxt', 'records_failed', 'records_non_html',
                'records_response_redirect', 'link_count'):
        setattr(job, acc, Counter())
    return job


def blob_id(path):
    """The git object id of a file, to name the version that was run."""
    import hashlib
    with open(path, 'rb') as f:
        data = f.read()
    return hashlib.sha1(b'blob %d\0' % len(data) + data).hexdigest()


def first_sentence(msg):
    """msg on one line, up to the end of its first sentence."""
    msg = ' '.join(msg.split())
    i = msg.find('. ')
    return msg[:i + 1] if i >= 0 else msg


def print_links(out):
    for kind in ('page', 'host'):
        for s, t in sorted(out[kind]):
            print('%s\t%s\t%s' % (kind, s, t))


def main_sources(w, Counter):
    here = os.path.dirname(os.path.abspath(__file__))
    files = sorted(glob.glob(os.path.join(here, '..', 'sources', '**', '*.warc'), recursive=True))
    out = {'page': set(), 'host': set()}
    for kind, cls in (('page', w.ExtractLinksJob), ('host', w.ExtractHostLinksJob)):
        job = new_job(cls, Counter)
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
                    out[kind].add((s, t))
    print_links(out)


def main_files(w, Counter, Logger, paths):
    import warcio.archiveiterator
    out = {'page': set(), 'host': set()}
    notes = []
    for path in paths:
        found = {}
        for kind, cls in (('page', w.ExtractLinksJob), ('host', w.ExtractHostLinksJob)):
            job = new_job(cls, Counter)
            job.records_processed = Counter()
            Logger.messages = []
            rows = set()
            stop = ''
            with open(path, 'rb') as stream:
                try:
                    for s, t in job.process_warc(path, stream):
                        rows.add((s, t))
                except Exception as e:
                    # in Spark the task fails, and with it the job
                    stop = 'raises %s: %s' % (type(e).__name__, first_sentence(str(e)))
            for m in Logger.messages:
                m = first_sentence(m.replace(path + ' - ', ''))
                stop = (stop + '; ' if stop else '') + m
            out[kind] |= rows
            found[kind] = len(rows)
        note = '# %s: %d records; page: %d lines; host: %d lines' % (
            os.path.basename(path), job.records_processed.value, found['page'], found['host'])
        if stop:
            note += '; reading stops: ' + stop
        notes.append(note)
    print('# cc-pyspark\'s ExtractLinksJob (page) and ExtractHostLinksJob (host) without Spark:')
    print('# testdata/ccpyspark/extract.py CC_PYSPARK_CHECKOUT FILE..., the files read by warcio\'s')
    print('# ArchiveIterator as sparkcc\'s process_warc reads them (git blobs: wat_extract_links.py %s,' %
          blob_id(w.__file__))
    print('# warcio/archiveiterator.py %s).' % blob_id(warcio.archiveiterator.__file__))
    for note in notes:
        print(note)
    print_links(out)


def main():
    sys.path.insert(0, sys.argv[1])
    Counter, Logger = stub_modules()
    import wat_extract_links as w
    if len(sys.argv) > 2:
        main_files(w, Counter, Logger, sys.argv[2:])
    else:
        main_sources(w, Counter)


if __name__ == '__main__':
    main()
