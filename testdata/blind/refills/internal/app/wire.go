//go:build wireinject

package app

import (
	"github.com/google/wire"

	"github.com/scriptline/refills/internal/config"
)

func InitializeAPI(cfg *config.Config) (*API, func(), error) {
	wire.Build(infraSet, providerSet, storeSet, serviceSet, httpSet)
	return nil, nil, nil
}

func InitializeWorker(cfg *config.Config) (*Worker, func(), error) {
	wire.Build(infraSet, providerSet, storeSet, serviceSet, workerSet)
	return nil, nil, nil
}
