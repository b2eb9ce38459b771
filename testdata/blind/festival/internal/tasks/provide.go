package tasks

import (
	"github.com/google/wire"
	"github.com/hibiken/asynq"
)

var ProviderSet = wire.NewSet(
	RedisOpt,
	NewClient,
	wire.Bind(new(Enqueuer), new(*asynq.Client)),
)
