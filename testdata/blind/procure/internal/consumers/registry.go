package consumers

import (
	"log/slog"

	"github.com/northmill/procure/internal/events"
)

// NewRegistry builds the dispatch table for both topics, wrapped in
// logging and metrics middleware.
func NewRegistry(log *slog.Logger, metrics *events.Metrics, wh *Warehouse, cat *Catalogue) *events.Registry {
	r := events.NewRegistry(events.Logging(log), metrics.Middleware())
	wh.Register(r)
	cat.Register(r)
	return r
}
