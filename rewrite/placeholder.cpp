// Placeholder so the library has a source before its first real file lands; delete then.
