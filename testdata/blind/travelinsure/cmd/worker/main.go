// Command worker processes the asynq background tasks: premium collection
// and refunds, policy delivery, claim notifications and payouts, commission
// accruals and flight-delay payouts.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/hibiken/asynq"

	"github.com/skyguard-travel/policyhub/internal/claims"
	"github.com/skyguard-travel/policyhub/internal/commissions"
	"github.com/skyguard-travel/policyhub/internal/config"
	"github.com/skyguard-travel/policyhub/internal/parametric"
	"github.com/skyguard-travel/policyhub/internal/platform/database"
	"github.com/skyguard-travel/policyhub/internal/platform/queue"
	"github.com/skyguard-travel/policyhub/internal/policies"
	"github.com/skyguard-travel/policyhub/internal/premiums"
	"github.com/skyguard-travel/policyhub/internal/providers/bankpay"
	"github.com/skyguard-travel/policyhub/internal/providers/docvault"
	"github.com/skyguard-travel/policyhub/internal/providers/mailer"
	"github.com/skyguard-travel/policyhub/internal/providers/partnerapi"
	"github.com/skyguard-travel/policyhub/internal/providers/paygate"
	"github.com/skyguard-travel/policyhub/internal/providers/smsgw"
	"github.com/skyguard-travel/policyhub/internal/tasks"
	"github.com/skyguard-travel/policyhub/internal/worker"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("app", "policyhub-worker")
	if err := run(log); err != nil {
		log.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := database.Open(context.Background(), cfg.DatabaseDSN)
	if err != nil {
		return err
	}
	defer db.Close()

	redis := asynq.RedisClientOpt{Addr: cfg.RedisAddr}
	asynqClient := asynq.NewClient(redis)
	defer asynqClient.Close()
	enqueuer := queue.NewEnqueuer(asynqClient, log)

	gateway := paygate.New(cfg.PaygateURL, cfg.PaygateAPIKey, cfg.PaygateSecret, log)
	transfers := bankpay.Logging(bankpay.New(cfg.BankpayURL, cfg.BankpayAPIKey, cfg.BankpayDebtor, log), log)
	vault := docvault.New(cfg.DocvaultURL, cfg.DocvaultBucket, cfg.DocvaultToken, log)
	mail := mailer.New(cfg.MailerURL, cfg.MailerToken, cfg.MailerFrom, log)
	sms := smsgw.New(cfg.SMSURL, cfg.SMSToken, cfg.SMSSender, log)
	partnerGW := partnerapi.New(cfg.PartnerGWURL, cfg.PartnerGWToken, log)

	collector := premiums.NewCollector(db, gateway, enqueuer, log)
	deliverer := policies.NewDeliverer(db, vault, mail, log)
	notifier := claims.NewNotifier(db, sms, partnerGW, log)
	claimPayouts := claims.NewPayoutHandler(db, transfers, log)
	accruer := commissions.NewAccruer(db, commissions.DefaultRate, log)
	delayPayouts := parametric.NewPayoutHandler(db, transfers, log)

	mux := worker.NewServeMux(worker.Handlers{
		tasks.TypePremiumCollect:     collector.HandleCollect,
		tasks.TypePremiumRefund:      collector.HandleRefund,
		tasks.TypePolicyDeliver:      deliverer.HandleDeliver,
		tasks.TypeClaimAcknowledge:   notifier.HandleAcknowledge,
		tasks.TypePartnerClaimStatus: notifier.HandlePartnerStatus,
		tasks.TypeClaimPayout:        claimPayouts.HandleClaimPayout,
		tasks.TypeCommissionAccrue:   accruer.HandleAccrue,
		tasks.TypeParametricPayout:   delayPayouts.HandlePayout,
	}, log)

	srv := asynq.NewServer(redis, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueLow:      1,
		},
		Logger: nil,
	})
	return srv.Run(mux)
}
