package pg

import (
	"go.uber.org/fx"

	"github.com/northvault/custody/internal/ports"
)

// Module provides the connection pool and the unit of work. It expects a
// JobQueue to be provided by the binary.
var Module = fx.Module("pg",
	fx.Provide(
		NewPool,
		fx.Annotate(NewUnitOfWork, fx.As(new(ports.UnitOfWork))),
	),
)
