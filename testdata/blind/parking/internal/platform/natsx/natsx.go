// Package natsx connects to NATS and JetStream.
package natsx

import (
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/cityparking/parking/internal/config"
)

func Connect(cfg *config.Config) (*nats.Conn, func(), error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("cityparking-worker"),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(2*time.Second),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("natsx: connect: %w", err)
	}
	return nc, func() { _ = nc.Drain() }, nil
}

func JetStream(nc *nats.Conn) (jetstream.JetStream, error) {
	return jetstream.New(nc)
}
