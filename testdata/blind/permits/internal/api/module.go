package api

import (
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/api/middleware"
	"github.com/civicworks/permits/internal/platform/httpserver"
	"github.com/civicworks/permits/internal/store"
)

// NewIdempotentReplay builds the replay middleware.
func NewIdempotentReplay(pool *pgxpool.Pool, repo store.IdempotencyRepo, log *slog.Logger) middleware.IdempotentReplay {
	return middleware.IdempotentReplay{Pool: pool, Repo: repo, Log: log.With("component", "idempotency")}
}

// Module provides the API route groups.
var Module = fx.Module("api",
	fx.Provide(
		NewIdempotentReplay,
		httpserver.AsRoute(NewApplicationHandler),
		httpserver.AsRoute(NewInspectionHandler),
		httpserver.AsRoute(NewParkingHandler),
		httpserver.AsRoute(NewResidentHandler),
		httpserver.AsRoute(NewStaffHandler),
	),
)
