//go:build wireinject

package main

import (
	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/tasks"
)

func initScheduler(cfg config.Config) (*asynq.Scheduler, error) {
	wire.Build(tasks.RedisOpt, newScheduler)
	return nil, nil
}
