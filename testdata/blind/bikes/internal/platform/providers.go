package platform

import (
	"github.com/google/wire"

	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/dockcmd"
	"github.com/cyclegrid/bikeshare/internal/store"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

// StoreSet provides the Postgres pool and the store bound to its
// interfaces.
var StoreSet = wire.NewSet(
	NewPool,
	store.New,
	wire.Bind(new(store.Store), new(*store.PgStore)),
	wire.Bind(new(store.TxRunner), new(*store.PgStore)),
	wire.Bind(new(db.Querier), new(*store.PgStore)),
)

// QueueSet provides the asynq client and the task enqueuer.
var QueueSet = wire.NewSet(
	NewRedisOpt,
	NewAsynqClient,
	tasks.NewAsynqEnqueuer,
	wire.Bind(new(tasks.Enqueuer), new(*tasks.AsynqEnqueuer)),
)

// NATSSet provides the NATS connection, JetStream and the dock commander.
var NATSSet = wire.NewSet(
	NewNATS,
	NewJetStream,
	dockcmd.NewJetStreamCommander,
	wire.Bind(new(dockcmd.Commander), new(*dockcmd.JetStreamCommander)),
)

var ProviderSet = wire.NewSet(NewLogger, NewHTTPClient, StoreSet)
