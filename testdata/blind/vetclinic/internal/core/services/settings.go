package services

import (
	"log/slog"
	"time"
)

// Settings carries plain configuration values into the services.
type Settings struct {
	Currency string
	Now      func() time.Time
	Logger   *slog.Logger
}

func (s Settings) clock() func() time.Time {
	if s.Now != nil {
		return s.Now
	}
	return func() time.Time { return time.Now().UTC() }
}

func (s Settings) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}
