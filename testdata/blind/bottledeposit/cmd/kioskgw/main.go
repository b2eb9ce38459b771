// Command kioskgw is the HTTPS upload gateway for kiosks without a direct
// NATS connection.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"time"

	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/config"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/kioskgw"
	"github.com/pantloop/deposit/internal/platform"
)

func main() {
	log := config.Logger("kioskgw")
	ctx, stop := platform.SignalContext()
	defer stop()

	common := config.LoadCommon()
	nc, js, err := platform.ConnectJetStream(common.NatsURL, common.NatsCreds, "deposit-kioskgw", log)
	if err != nil {
		log.Error("nats", "err", err)
		os.Exit(1)
	}
	defer nc.Drain()
	if err := bus.EnsureStream(ctx, js, events.StreamName, events.StreamSubjects); err != nil {
		log.Error("stream", "err", err)
		os.Exit(1)
	}

	gw := kioskgw.New(bus.NewPublisher(js), []byte(config.MustString("KIOSK_MASTER_KEY")), log)
	srv := &http.Server{
		Addr:              config.String("HTTP_ADDR", ":8443"),
		Handler:           gw.Router(),
		ReadHeaderTimeout: 5 * time.Second,
	}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()

	certFile, keyFile := config.String("TLS_CERT", ""), config.String("TLS_KEY", "")
	log.Info("listening", "addr", srv.Addr)
	if certFile != "" {
		err = srv.ListenAndServeTLS(certFile, keyFile)
	} else {
		err = srv.ListenAndServe()
	}
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("http", "err", err)
		os.Exit(1)
	}
}
