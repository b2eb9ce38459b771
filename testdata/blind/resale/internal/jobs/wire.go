package jobs

import (
	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/encorelane/resale/internal/config"
)

func RedisOpt(cfg *config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

// NewClient returns the asynq client and its cleanup.
func NewClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

var ProviderSet = wire.NewSet(
	RedisOpt,
	NewClient,
	NewAsynqEnqueuer,
	wire.Bind(new(Enqueuer), new(*AsynqEnqueuer)),
)
