package app

import (
	"context"
	"log/slog"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// zapHandler is a minimal slog.Handler over zap.
type zapHandler struct {
	l     *zap.Logger
	attrs []zap.Field
}

func (h *zapHandler) Enabled(_ context.Context, lvl slog.Level) bool {
	return h.l.Core().Enabled(toZapLevel(lvl))
}

func (h *zapHandler) Handle(_ context.Context, r slog.Record) error {
	fields := append([]zap.Field(nil), h.attrs...)
	r.Attrs(func(a slog.Attr) bool {
		fields = append(fields, zap.Any(a.Key, a.Value.Any()))
		return true
	})
	if ce := h.l.Check(toZapLevel(r.Level), r.Message); ce != nil {
		ce.Write(fields...)
	}
	return nil
}

func (h *zapHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	n := &zapHandler{l: h.l, attrs: append([]zap.Field(nil), h.attrs...)}
	for _, a := range attrs {
		n.attrs = append(n.attrs, zap.Any(a.Key, a.Value.Any()))
	}
	return n
}

func (h *zapHandler) WithGroup(name string) slog.Handler {
	return &zapHandler{l: h.l.Named(name), attrs: h.attrs}
}

func toZapLevel(l slog.Level) zapcore.Level {
	switch {
	case l >= slog.LevelError:
		return zapcore.ErrorLevel
	case l >= slog.LevelWarn:
		return zapcore.WarnLevel
	case l >= slog.LevelInfo:
		return zapcore.InfoLevel
	default:
		return zapcore.DebugLevel
	}
}
