//go:build !wireinject

// This file is maintained by hand in the shape wire would generate from
// wire.go. When adding a provider, add it to the matching set in
// providers.go and construct it here in dependency order.

package main

import (
	"context"

	"github.com/shedshare/toolsd/internal/config"
	"github.com/shedshare/toolsd/internal/httpapi"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/service"
	"github.com/shedshare/toolsd/internal/store/mysqlstore"
	"github.com/shedshare/toolsd/internal/tasks"
	"github.com/shedshare/toolsd/internal/workflow"
)

func initializeApp(ctx context.Context, cfg config.Config) (*App, func(), error) {
	// platformSet
	logger := provideLogger()
	now := clock.System()
	newID := ids.NewULIDGenerator()
	newUUID := ids.NewUUIDGenerator()
	policy := providePolicy(cfg)
	db, cleanupDB, err := provideDB(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	st := mysqlstore.New(db)

	// providerSet
	cardClient := provideCardClient(cfg, logger)
	lockerClient := provideLockerClient(cfg, logger)
	smsClient := provideSMSClient(cfg, logger)
	repairClient := provideRepairClient(cfg, logger)
	branchAddress := provideBranchAddress(cfg)
	webhookSecrets := provideWebhookSecrets(cfg)

	// runtimeSet: queue and workflow clients
	redisOpt := provideRedisOpt(cfg)
	asynqClient, cleanupAsynq := provideAsynqClient(redisOpt)
	enqueuer := provideEnqueuer(asynqClient, newID)
	temporalClient, cleanupTemporal, err := provideTemporalClient(cfg, logger)
	if err != nil {
		cleanupAsynq()
		cleanupDB()
		return nil, nil, err
	}
	gateway := workflow.NewGateway(temporalClient)

	// service.ProviderSet
	memberService := service.NewMemberService(st, now, newID)
	reservationService := service.NewReservationService(st, gateway, policy, now, newID, logger)
	loanService := service.NewLoanService(st, cardClient, gateway, enqueuer, policy, now, newID, logger)
	depositService := service.NewDepositService(st, cardClient, enqueuer, now, newID, logger)
	feeService := service.NewFeeService(st, cardClient, enqueuer, policy, now, newID, logger)
	lockerService := service.NewLockerService(st, lockerClient, gateway, now, newID, newUUID, logger)
	notificationService := service.NewNotificationService(st, smsClient, enqueuer, policy, now, newID, logger)
	repairService := service.NewRepairService(st, repairClient, enqueuer, branchAddress, now, newID, logger)
	cardEventService := service.NewCardEventService(st, now, newID, logger)

	// httpapi.ProviderSet
	handlers := &httpapi.Handlers{
		Members:      httpapi.NewMemberHandler(memberService),
		Reservations: httpapi.NewReservationHandler(reservationService),
		Loans:        httpapi.NewLoanHandler(loanService, repairService, newUUID),
		Staff:        httpapi.NewStaffHandler(lockerService, loanService),
		Fees:         httpapi.NewFeeHandler(feeService),
		Webhooks:     httpapi.NewWebhookHandler(cardEventService, lockerService, repairService, notificationService, webhookSecrets, now),
	}
	engine := httpapi.NewRouter(handlers, logger)
	httpServer := provideHTTPServer(cfg, engine)

	// runtimeSet: workers
	taskHandlers := provideTaskHandlers(notificationService, depositService, feeService, repairService, now, logger, policy)
	mux := tasks.NewServeMux(taskHandlers)
	asynqServer := provideAsynqServer(redisOpt, cfg, logger)
	scheduler, err := provideScheduler(redisOpt, policy)
	if err != nil {
		cleanupTemporal()
		cleanupAsynq()
		cleanupDB()
		return nil, nil, err
	}
	activities := provideActivities(loanService, depositService, feeService, lockerService, notificationService)
	temporalWorker := provideWorker(temporalClient, activities)

	app := &App{
		HTTP:      httpServer,
		Tasks:     asynqServer,
		Mux:       mux,
		Scheduler: scheduler,
		Worker:    temporalWorker,
		Log:       logger,
	}
	return app, func() {
		cleanupTemporal()
		cleanupAsynq()
		cleanupDB()
	}, nil
}
