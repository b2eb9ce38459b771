// Command yardapi serves the yard operations HTTP API.
package main

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/ironbridge-metals/yardops/internal/api"
	"github.com/ironbridge-metals/yardops/internal/app"
	"github.com/ironbridge-metals/yardops/internal/config"
	"github.com/ironbridge-metals/yardops/internal/provider/achpay"
	"github.com/ironbridge-metals/yardops/internal/provider/idcheck"
	"github.com/ironbridge-metals/yardops/internal/provider/millgate"
	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/service"
	"github.com/ironbridge-metals/yardops/internal/store"
)

func main() {
	logger := app.Logger("yardapi")
	if err := run(logger); err != nil {
		logger.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	ctx, stop := app.SignalContext()
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := app.OpenDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	sqsClient, err := app.SQSClient(ctx, cfg)
	if err != nil {
		return err
	}

	st := store.NewSQLStore(db)
	publisher := queue.NewPublisher(sqsClient, app.QueueMap(cfg))
	veridoc := idcheck.New(cfg.VeridocURL, cfg.VeridocAPIKey)
	ledgerline := achpay.New(cfg.LedgerlineURL, cfg.LedgerlineKey)

	tickets := service.NewTicketService(st, logger, service.WithHoldDays(15))
	sellers := service.NewSellerService(st, veridoc, ledgerline, logger, os.Getenv("ID_DOC_PEPPER"))
	payouts := service.NewPayoutService(service.PayoutDeps{
		Store:         st,
		Publisher:     publisher,
		ACH:           ledgerline,
		Logger:        logger,
		OriginAccount: cfg.OriginAccountID,
	})
	contracts := service.NewContractService(st, millgate.New(cfg.MillGateURL, cfg.MillGateKey), os.Getenv("MILLGATE_SUPPLIER_CODE"), logger)

	handler := api.NewRouter(api.Services{
		Tickets:   tickets,
		Sellers:   sellers,
		Payouts:   payouts,
		Contracts: contracts,
	}, api.RouterConfig{
		Logger:             logger,
		LedgerlineSecret:   cfg.LedgerlineHook,
		YardTokenValidator: terminalTokens(os.Getenv("TERMINAL_TOKENS")),
		RequestTimeout:     30 * time.Second,
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
	}
	errCh := make(chan error, 1)
	go func() {
		logger.Info("listening", "addr", cfg.HTTPAddr)
		errCh <- srv.ListenAndServe()
	}()

	select {
	case err := <-errCh:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}

// terminalTokens parses TERMINAL_TOKENS ("yardID:token,yardID:token") into a
// validator. Scale-house terminals are provisioned per yard.
func terminalTokens(spec string) func(string) (string, bool) {
	type entry struct{ yard, token string }
	var entries []entry
	for _, part := range strings.Split(spec, ",") {
		yard, token, ok := strings.Cut(strings.TrimSpace(part), ":")
		if ok && yard != "" && token != "" {
			entries = append(entries, entry{yard, token})
		}
	}
	return func(tok string) (string, bool) {
		for _, e := range entries {
			if subtle.ConstantTimeCompare([]byte(e.token), []byte(tok)) == 1 {
				return e.yard, true
			}
		}
		return "", false
	}
}
