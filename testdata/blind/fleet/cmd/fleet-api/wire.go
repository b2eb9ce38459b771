//go:build wireinject

package main

import (
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/google/wire"

	"github.com/acme/fleet/internal/claims"
	"github.com/acme/fleet/internal/config"
	"github.com/acme/fleet/internal/fines"
	"github.com/acme/fleet/internal/maintenance"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/platform/mq"
	"github.com/acme/fleet/internal/provider/insurer"
	"github.com/acme/fleet/internal/provider/payments"
	"github.com/acme/fleet/internal/provider/workshop"
	"github.com/acme/fleet/internal/rental"
	"github.com/acme/fleet/internal/store"
	"github.com/acme/fleet/internal/transport/httpapi"
)

func initializeAPI(cfg config.Config, log *slog.Logger) (*apiApp, func(), error) {
	wire.Build(
		store.ProviderSet,
		db.Open, db.Pool, db.NewTxRunner, db.OpenGorm,
		mq.NewAsynqClient, mq.NewTaskQueue, mq.NewSQSClient, mq.NewPublisher, mq.NewChargeQueue,
		wire.Bind(new(mq.SQSAPI), new(*sqs.Client)),
		payments.New, insurer.New, workshop.New,

		rental.NewReservations, rental.NewCounter, rental.NewRefunds,
		wire.Bind(new(rental.Tx), new(*db.TxRunner)),
		wire.Bind(new(rental.ReservationRepo), new(*store.Reservations)),
		wire.Bind(new(rental.CustomerRepo), new(*store.Customers)),
		wire.Bind(new(rental.VehicleRepo), new(*store.Vehicles)),
		wire.Bind(new(rental.RentalRepo), new(*store.Rentals)),
		wire.Bind(new(rental.RentalReader), new(*store.Rentals)),
		wire.Bind(new(rental.ChargeRepo), new(*store.Charges)),
		wire.Bind(new(rental.KeyRepo), new(*store.IdempotencyKeys)),
		wire.Bind(new(rental.PaymentOpRepo), new(*store.PaymentOps)),
		wire.Bind(new(rental.PaymentRepo), new(*store.Payments)),
		wire.Bind(new(rental.RefundRepo), new(*store.Refunds)),
		wire.Bind(new(rental.Gateway), new(*payments.Client)),
		wire.Bind(new(rental.TaskEnqueuer), new(*mq.TaskQueue)),

		claims.NewService,
		wire.Bind(new(claims.Tx), new(*db.TxRunner)),
		wire.Bind(new(claims.ClaimRepo), new(*store.Claims)),
		wire.Bind(new(claims.RentalRepo), new(*store.Rentals)),
		wire.Bind(new(claims.VehicleRepo), new(*store.Vehicles)),
		wire.Bind(new(claims.Insurer), new(*insurer.Client)),
		wire.Bind(new(claims.TaskEnqueuer), new(*mq.TaskQueue)),
		wire.Bind(new(claims.ChargePublisher), new(*mq.ChargeQueue)),

		fines.NewService,
		wire.Bind(new(fines.Tx), new(*db.TxRunner)),
		wire.Bind(new(fines.FineRepo), new(*store.Fines)),
		wire.Bind(new(fines.RentalFinder), new(*store.Rentals)),
		wire.Bind(new(fines.CustomerRepo), new(*store.Customers)),
		wire.Bind(new(fines.Charger), new(*payments.Client)),
		wire.Bind(new(fines.TaskEnqueuer), new(*mq.TaskQueue)),

		maintenance.NewService,
		wire.Bind(new(maintenance.Partner), new(*workshop.Client)),
		wire.Bind(new(maintenance.TaskEnqueuer), new(*mq.TaskQueue)),

		httpapi.NewAPI, httpapi.NewPublicRouter, httpapi.NewAdmin, httpapi.NewAdminRouter,
		wire.Bind(new(httpapi.ReservationService), new(*rental.Reservations)),
		wire.Bind(new(httpapi.CounterService), new(*rental.Counter)),
		wire.Bind(new(httpapi.ClaimIntake), new(*claims.Service)),
		wire.Bind(new(httpapi.FineDisputes), new(*fines.Service)),
		wire.Bind(new(httpapi.FineImporter), new(*fines.Service)),
		wire.Bind(new(httpapi.RefundIssuer), new(*rental.Refunds)),
		wire.Bind(new(httpapi.ExcessCharger), new(*claims.Service)),
		wire.Bind(new(httpapi.WorkOrderCompleter), new(*maintenance.Service)),

		newAPIApp,
	)
	return nil, nil, nil
}
