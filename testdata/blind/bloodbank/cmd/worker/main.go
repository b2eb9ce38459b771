// Command worker runs the background side of the blood service: asynq
// tasks and schedules, the lab results consumer, and internal event
// handlers.
package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"go.uber.org/dig"

	"github.com/hemolink-systems/bloodbank/internal/app"
	"github.com/hemolink-systems/bloodbank/internal/config"
	"github.com/hemolink-systems/bloodbank/internal/donors"
	"github.com/hemolink-systems/bloodbank/internal/inventory"
	"github.com/hemolink-systems/bloodbank/internal/jobs"
	"github.com/hemolink-systems/bloodbank/internal/lab"
	"github.com/hemolink-systems/bloodbank/internal/notify"
	"github.com/hemolink-systems/bloodbank/internal/orders"
	"github.com/hemolink-systems/bloodbank/internal/platform/events"
	"github.com/hemolink-systems/bloodbank/internal/rewards"
)

func main() {
	if err := run(); err != nil {
		slog.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

// schedule lists the periodic tasks registered with the asynq scheduler.
var schedule = []struct {
	Cron string
	Type string
	Opts []asynq.Option
}{
	{Cron: "5 * * * *", Type: jobs.TypeAppointmentReminders, Opts: []asynq.Option{asynq.MaxRetry(3), asynq.Queue(jobs.QueueLow)}},
	{Cron: "*/15 * * * *", Type: jobs.TypeExpireComponents, Opts: []asynq.Option{asynq.MaxRetry(5), asynq.Queue(jobs.QueueDefault)}},
}

type taskDeps struct {
	dig.In

	Manifests *lab.ManifestSubmitter
	Allocator *orders.Allocator
	Vouchers  *rewards.VoucherIssuer
	Reminders *donors.Reminders
	Expiry    *inventory.ExpirySweeper
}

func newHandlers(d taskDeps) jobs.Handlers {
	return jobs.Handlers{
		jobs.TypeLabManifest:   jobs.Typed(d.Manifests.Submit),
		jobs.TypeAllocateOrder: jobs.Typed(d.Allocator.Allocate),
		jobs.TypeIssueVoucher:  jobs.Typed(d.Vouchers.Issue),
		jobs.TypeAppointmentReminders: jobs.Typed(func(ctx context.Context, _ jobs.Empty) error {
			return d.Reminders.Run(ctx)
		}),
		jobs.TypeExpireComponents: jobs.Typed(func(ctx context.Context, _ jobs.Empty) error {
			return d.Expiry.Run(ctx)
		}),
	}
}

func newBus(log *slog.Logger) (*events.Bus, error) { return events.NewBus(log) }

func newPublisher(bus *events.Bus) events.Publisher { return events.NewPublisher(bus.PubSub) }

func newSQS(cfg config.Config) (lab.SQSAPI, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(awsCfg), nil
}

func newLabConsumer(cfg config.Config, client lab.SQSAPI, svc *lab.ResultService) *lab.Consumer {
	return lab.NewConsumer(client, lab.ConsumerOptions{QueueURL: cfg.LabResultsQueueURL}, svc.Handle)
}

func run() error {
	c := dig.New()
	ctors := append(app.Core(),
		app.NewSMSGateway,
		app.NewNotifySender,
		app.NewLetters,
		app.NewVoucherPartner,
		app.NewLabAPI,
		app.NewSiteCodeFunc,
		app.NewDonationLookup,
		app.NewDonorLookup,
		app.NewRewardsDonorLookup,
		app.NewReminderSender,
		func(s *notify.Sender) orders.OutboundSender { return s },
		func() donors.ReminderOptions { return donors.DefaultReminderOptions },
		newBus,
		newPublisher,
		newSQS,
		lab.NewResultService,
		lab.NewManifestSubmitter,
		newLabConsumer,
		orders.NewAllocator,
		orders.NewHospitalNotifier,
		rewards.NewPointsCredit,
		rewards.NewVoucherIssuer,
		donors.NewReminders,
		inventory.NewExpirySweeper,
		newHandlers,
	)
	if err := app.Provide(c, ctors...); err != nil {
		return err
	}
	return c.Invoke(start)
}

type runDeps struct {
	dig.In

	Config    config.Config
	RedisOpt  asynq.RedisConnOpt
	Handlers  jobs.Handlers
	Bus       *events.Bus
	Consumer  *lab.Consumer
	Points    *rewards.PointsCredit
	Notifier  *orders.HospitalNotifier
	Log       *slog.Logger
	Publisher events.Publisher
}

func start(d runDeps) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	d.Bus.Register(d.Points.Handler(), d.Notifier.Handler())

	mux := asynq.NewServeMux()
	d.Handlers.Mount(mux)
	srv := asynq.NewServer(d.RedisOpt, asynq.Config{
		Concurrency: 10,
		Queues:      map[string]int{jobs.QueueCritical: 6, jobs.QueueDefault: 3, jobs.QueueLow: 1},
	})

	scheduler := asynq.NewScheduler(d.RedisOpt, &asynq.SchedulerOpts{})
	for _, entry := range schedule {
		if _, err := scheduler.Register(entry.Cron, asynq.NewTask(entry.Type, nil), entry.Opts...); err != nil {
			return err
		}
	}

	var wg sync.WaitGroup
	errs := make(chan error, 4)
	launch := func(name string, fn func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(); err != nil {
				errs <- errors.Join(errors.New(name), err)
				stop()
			}
		}()
	}

	launch("asynq", func() error {
		if err := srv.Start(mux); err != nil {
			return err
		}
		<-ctx.Done()
		srv.Shutdown()
		return nil
	})
	launch("scheduler", func() error {
		if err := scheduler.Start(); err != nil {
			return err
		}
		<-ctx.Done()
		scheduler.Shutdown()
		return nil
	})
	launch("events", func() error { return d.Bus.Router.Run(ctx) })
	if d.Config.LabResultsQueueURL != "" {
		launch("lab-results", func() error { return d.Consumer.Run(ctx) })
	} else {
		d.Log.Warn("LAB_RESULTS_QUEUE_URL not set, lab results consumer disabled", "region", aws.String(d.Config.AWSRegion))
	}

	<-ctx.Done()
	_ = d.Bus.Router.Close()
	wg.Wait()
	close(errs)
	var all []error
	for err := range errs {
		all = append(all, err)
	}
	return errors.Join(all...)
}
