"""Reading the inputs: files, globs, directories and hub datasets streamed as documents with a
global ``doc_index``; record counts and content hashes of the inputs."""
