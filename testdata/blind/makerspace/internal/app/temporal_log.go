package app

import "log/slog"

// slogAdapter satisfies the Temporal SDK's log.Logger with slog.
type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Debug(msg string, keyvals ...interface{}) { a.l.Debug(msg, keyvals...) }
func (a slogAdapter) Info(msg string, keyvals ...interface{})  { a.l.Info(msg, keyvals...) }
func (a slogAdapter) Warn(msg string, keyvals ...interface{})  { a.l.Warn(msg, keyvals...) }
func (a slogAdapter) Error(msg string, keyvals ...interface{}) { a.l.Error(msg, keyvals...) }
