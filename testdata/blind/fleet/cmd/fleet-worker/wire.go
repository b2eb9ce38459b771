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
	"github.com/acme/fleet/internal/notify"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/platform/mq"
	"github.com/acme/fleet/internal/provider/insurer"
	"github.com/acme/fleet/internal/provider/payments"
	"github.com/acme/fleet/internal/provider/workshop"
	"github.com/acme/fleet/internal/rental"
	"github.com/acme/fleet/internal/store"
	"github.com/acme/fleet/internal/telemetry"
	"github.com/acme/fleet/internal/transport/worker"
)

func initializeWorker(cfg config.Config, log *slog.Logger) (*worker.Worker, func(), error) {
	wire.Build(
		store.ProviderSet,
		db.Open, db.Pool, db.NewTxRunner, db.OpenGorm,
		mq.NewAsynqClient, mq.NewTaskQueue, mq.NewSQSClient, mq.NewPublisher, mq.NewChargeQueue,
		wire.Bind(new(mq.SQSAPI), new(*sqs.Client)),
		payments.New, insurer.New, workshop.New, notify.NewSMSGateway, notify.NewMailer,

		rental.NewBilling, rental.NewSettlement,
		wire.Bind(new(rental.Tx), new(*db.TxRunner)),
		wire.Bind(new(rental.CustomerRepo), new(*store.Customers)),
		wire.Bind(new(rental.ChargeRepo), new(*store.Charges)),
		wire.Bind(new(rental.PaymentRepo), new(*store.Payments)),
		wire.Bind(new(rental.RunRepo), new(*store.SettlementRuns)),
		wire.Bind(new(rental.Gateway), new(*payments.Client)),
		wire.Bind(new(rental.ChargePublisher), new(*mq.ChargeQueue)),

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

		telemetry.NewService,
		wire.Bind(new(telemetry.Tx), new(*db.TxRunner)),
		wire.Bind(new(telemetry.EventRepo), new(*store.Telematics)),
		wire.Bind(new(telemetry.VehicleRepo), new(*store.Vehicles)),
		wire.Bind(new(telemetry.RentalRepo), new(*store.Rentals)),
		wire.Bind(new(telemetry.Inbox), new(*store.Inbox)),

		maintenance.NewService,
		wire.Bind(new(maintenance.Partner), new(*workshop.Client)),
		wire.Bind(new(maintenance.TaskEnqueuer), new(*mq.TaskQueue)),

		notify.NewService,
		wire.Bind(new(notify.CustomerRepo), new(*store.Customers)),
		wire.Bind(new(notify.ReservationReader), new(*store.Reservations)),
		wire.Bind(new(notify.RentalRepo), new(*store.Rentals)),
		wire.Bind(new(notify.ChargeLister), new(*store.Charges)),
		wire.Bind(new(notify.NoticeRepo), new(*store.Notices)),
		wire.Bind(new(notify.SMSSender), new(*notify.SMSGateway)),
		wire.Bind(new(notify.MailSender), new(*notify.Mailer)),

		worker.NewStreams, worker.NewQueues, worker.NewTasks, worker.NewWorker,
		wire.Bind(new(worker.Telemetry), new(*telemetry.Service)),
		wire.Bind(new(worker.FaultHandler), new(*maintenance.Service)),
		wire.Bind(new(worker.FineIngester), new(*fines.Service)),
		wire.Bind(new(worker.NoticeDeliverer), new(*notify.Service)),
		wire.Bind(new(worker.ChargeExecutor), new(*rental.Billing)),
		wire.Bind(new(worker.FineRecharger), new(*fines.Service)),
		wire.Bind(new(worker.WorkshopBooker), new(*maintenance.Service)),
		wire.Bind(new(worker.ClaimSubmitter), new(*claims.Service)),
		wire.Bind(new(worker.SettlementRunner), new(*rental.Settlement)),
		wire.Bind(new(worker.Notifier), new(*notify.Service)),
	)
	return nil, nil, nil
}
