// Package providers wires the partner clients from configuration.
package providers

import (
	"context"
	"log/slog"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/google/wire"

	"github.com/gridwell/utilities/internal/config"
	"github.com/gridwell/utilities/internal/providers/bankpartner"
	"github.com/gridwell/utilities/internal/providers/fieldservice"
	"github.com/gridwell/utilities/internal/providers/gateway"
	"github.com/gridwell/utilities/internal/providers/mailer"
	"github.com/gridwell/utilities/internal/providers/printpartner"
)

var ProviderSet = wire.NewSet(
	NewGateway,
	NewBank,
	NewFieldService,
	NewPrint,
	NewSESClient,
	NewMailer,
	wire.Bind(new(printpartner.Sender), new(*printpartner.Client)),
)

func NewGateway(cfg *config.Config) *gateway.Client {
	return gateway.New(gateway.Config{BaseURL: cfg.GatewayBaseURL, APIKey: cfg.GatewayAPIKey})
}

func NewBank(cfg *config.Config) *bankpartner.Client {
	return bankpartner.New(bankpartner.Config{
		BaseURL:     cfg.BankBaseURL,
		ClientID:    cfg.BankClientID,
		CreditorID:  cfg.BankCreditorID,
		AccessToken: cfg.BankAccessToken,
	})
}

func NewFieldService(cfg *config.Config, log *slog.Logger) fieldservice.Client {
	base := fieldservice.NewHTTP(fieldservice.Config{BaseURL: cfg.FieldServiceBaseURL, Token: cfg.FieldServiceToken})
	return fieldservice.WithRetry(base, 3, 2*time.Second, log)
}

func NewPrint(cfg *config.Config) *printpartner.Client {
	return printpartner.New(printpartner.Config{BaseURL: cfg.PrintBaseURL, APIKey: cfg.PrintAPIKey})
}

func NewSESClient(ctx context.Context, cfg *config.Config) (*sesv2.Client, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.SESRegion))
	if err != nil {
		return nil, err
	}
	return sesv2.NewFromConfig(awsCfg), nil
}

func NewMailer(api *sesv2.Client, cfg *config.Config) mailer.Mailer {
	return mailer.NewSES(api, mailer.Config{From: cfg.SESFromAddress, ConfigurationSet: cfg.SESConfigSet})
}
