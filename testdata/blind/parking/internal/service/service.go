// Package service implements the parking operator's use cases on top of the
// repositories and provider clients.
package service

import (
	"errors"
	"time"

	"github.com/google/wire"

	"github.com/cityparking/parking/internal/config"
)

var (
	ErrIdempotencyMismatch = errors.New("idempotency key reused with a different request")
	ErrZoneNotPermitted    = errors.New("zone does not issue residential permits")
	ErrMaxStayExceeded     = errors.New("requested duration exceeds the zone's maximum stay")
	ErrAmountTooLarge      = errors.New("refund exceeds the captured amount")
	ErrNotRefundable       = errors.New("session has no settled charge to refund")
)

// Clock is injected so tests and replays can pin the time. It truncates to
// microseconds, the precision PostgreSQL stores, so values read back compare
// equal to the ones written.
type Clock func() time.Time

func SystemClock() Clock {
	return func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
}

// Settings carries the tunables the services read from configuration.
type Settings struct {
	Currency     string
	ReminderLead time.Duration
}

var ProviderSet = wire.NewSet(
	SystemClock,
	SettingsFromConfig,
	NewSessionService,
	NewPermitService,
	NewFineService,
	NewEnforcementService,
	NewRefundService,
	NewAccountService,
	NewTexter,
)

// SettingsFromConfig is the wire provider for Settings.
func SettingsFromConfig(cfg *config.Config) Settings {
	return Settings{Currency: cfg.Currency, ReminderLead: cfg.ReminderLead}
}
