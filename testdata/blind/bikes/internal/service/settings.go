package service

import (
	"time"

	"github.com/cyclegrid/bikeshare/internal/config"
)

// Settings are the knobs the services read from configuration.
type Settings struct {
	Currency       string
	RideStaleAfter time.Duration
}

func NewSettings(cfg config.Config) Settings {
	return Settings{
		Currency:       cfg.Currency,
		RideStaleAfter: cfg.RideStaleAfter,
	}
}
