package app

import (
	"log/slog"

	"github.com/acme/payroll/internal/config"
	"github.com/acme/payroll/internal/providers/bank"
	"github.com/acme/payroll/internal/providers/mail"
	"github.com/acme/payroll/internal/providers/stripeconnect"
)

func newBankClient(cfg config.Config, log *slog.Logger) *bank.Client {
	return bank.NewClient(cfg.BankBaseURL, cfg.BankAPIKey, cfg.BankMaxAttempts, log.With("client", "bank"))
}

func newMailClient(cfg config.Config) *mail.Client {
	return mail.NewClient(cfg.MailBaseURL, cfg.MailAPIKey, cfg.MailFrom)
}

func newStripe(cfg config.Config) *stripeconnect.Transfers {
	return stripeconnect.New(cfg.StripeSecretKey)
}
