// Package pgrepo implements the repository ports on PostgreSQL with bun.
package pgrepo

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/dbx"
	"github.com/stenoline-legal/depobook/internal/repository"
)

// base is embedded by every repository.
type base struct{ db *bun.DB }

func (b base) conn(ctx context.Context) bun.IDB { return dbx.Conn(ctx, b.db) }

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

func affected(res sql.Result) (bool, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// Module provides every repository port.
var Module = fx.Module("pgrepo",
	fx.Provide(
		fx.Annotate(NewFirms, fx.As(new(repository.Firms))),
		fx.Annotate(NewBookings, fx.As(new(repository.Bookings))),
		fx.Annotate(NewIdempotencyKeys, fx.As(new(repository.IdempotencyKeys))),
		fx.Annotate(NewCharges, fx.As(new(repository.Charges))),
		fx.Annotate(NewReporters, fx.As(new(repository.Reporters))),
		fx.Annotate(NewAssignments, fx.As(new(repository.Assignments))),
		fx.Annotate(NewTranscripts, fx.As(new(repository.Transcripts))),
		fx.Annotate(NewInvoices, fx.As(new(repository.Invoices))),
		fx.Annotate(NewPayments, fx.As(new(repository.Payments))),
		fx.Annotate(NewStripeEvents, fx.As(new(repository.StripeEvents))),
		fx.Annotate(NewPayroll, fx.As(new(repository.Payroll))),
		fx.Annotate(NewJobRuns, fx.As(new(repository.JobRuns))),
		fx.Annotate(NewAlerts, fx.As(new(repository.Alerts))),
		fx.Annotate(NewInboundMessages, fx.As(new(repository.InboundMessages))),
	),
)
