// Package app holds the Container the binaries fill by hand in main and
// hand to the HTTP router and the job mux.
package app

import (
	"log/slog"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/applications"
	"github.com/keystonebail/bondline/internal/checkins"
	"github.com/keystonebail/bondline/internal/collateral"
	"github.com/keystonebail/bondline/internal/config"
	"github.com/keystonebail/bondline/internal/courts"
	"github.com/keystonebail/bondline/internal/platform/httpx"
	"github.com/keystonebail/bondline/internal/platform/outbox"
	"github.com/keystonebail/bondline/internal/premiums"
	"github.com/keystonebail/bondline/internal/surety"
)

// Container is every long-lived dependency of a binary. Fields a binary
// does not use stay nil.
type Container struct {
	Config config.Config
	DB     *sqlx.DB
	Queue  *asynq.Client

	Applications *applications.Service
	Premiums     *premiums.Service
	Collateral   *collateral.Service
	Reminders    *courts.ReminderService
	Forfeitures  *courts.ForfeitureService
	Checkins     *checkins.Service
	Surety       *surety.Service

	Responses httpx.ResponseStore
	Outbox    outbox.Store

	closers []func() error
}

// OnClose registers a cleanup to run at shutdown, last registered first.
func (c *Container) OnClose(fn func() error) {
	c.closers = append(c.closers, fn)
}

// Close runs the registered cleanups.
func (c *Container) Close() {
	for i := len(c.closers) - 1; i >= 0; i-- {
		if err := c.closers[i](); err != nil {
			slog.Warn("shutdown", "err", err)
		}
	}
}
