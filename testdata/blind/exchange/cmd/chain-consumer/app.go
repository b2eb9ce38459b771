package main

import (
	"log/slog"

	"github.com/halyard/funding/internal/config"
	"github.com/halyard/funding/internal/service/deposits"
	"github.com/halyard/funding/internal/service/withdrawals"
	"github.com/halyard/funding/internal/store"
	"github.com/halyard/funding/internal/transport/chainevents"
)

type consumerApp struct {
	consumer *chainevents.Consumer
	log      *slog.Logger
}

func newConsumerApp(c *chainevents.Consumer, log *slog.Logger) *consumerApp {
	return &consumerApp{consumer: c, log: log}
}

func provideDeposits(st store.Store, cfg *config.Config, log *slog.Logger) *deposits.Service {
	return deposits.New(st, cfg.Confirmations, log)
}

func provideConsumer(dep *deposits.Service, wd *withdrawals.Service, cfg *config.Config, log *slog.Logger) *chainevents.Consumer {
	return chainevents.NewConsumer(cfg.Kafka.Brokers, cfg.Kafka.GroupID, chainevents.Routes(dep, wd), log)
}
