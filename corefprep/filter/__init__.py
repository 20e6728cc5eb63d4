"""The filter stage: batches of documents decided by the rules, on supervised local workers or on
Ray actors, under the one fault rule of both (retries, quarantine; :mod:`corefprep.parallel`)."""
