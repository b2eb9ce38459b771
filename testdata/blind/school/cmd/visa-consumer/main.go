// Command visa-consumer applies the document service's SQS callbacks.
package main

import (
	"context"
	"log/slog"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.uber.org/fx"

	"github.com/lingua/academy/internal/app"
	"github.com/lingua/academy/internal/config"
	"github.com/lingua/academy/internal/consumers/visacallbacks"
	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/notify"
	"github.com/lingua/academy/internal/store"
	"github.com/lingua/academy/internal/visa"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		fx.Provide(newSQS, newVisa),
		fx.Invoke(runPoller),
	).Run()
}

func newSQS(cfg config.Config) (visacallbacks.SQSAPI, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(awsCfg), nil
}

func newVisa(st store.Store, docs visa.LetterRequester, enq jobs.Enqueuer, n notify.Notifier,
	cfg config.Config, log *slog.Logger) *visa.Service {
	return visa.NewService(st, docs, enq, n, cfg.VisaCallbackQueue, cfg.SchoolName, log)
}

func runPoller(lc fx.Lifecycle, client visacallbacks.SQSAPI, svc *visa.Service, cfg config.Config, log *slog.Logger) {
	p := visacallbacks.NewPoller(client, cfg.VisaCallbackQueue, svc, log)
	lc.Append(fx.Hook{OnStart: p.Start, OnStop: p.Stop})
}
