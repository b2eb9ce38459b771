// Package natsbus connects to NATS JetStream, publishes events and runs the
// durable pull consumers of the consumer binary.
package natsbus

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/ports"
)

func NewConn(lc fx.Lifecycle, cfg config.Config) (*nats.Conn, error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("custody"),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(2*time.Second),
	)
	if err != nil {
		return nil, fmt.Errorf("nats connect: %w", err)
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return nc.Drain() }})
	return nc, nil
}

func NewJetStream(lc fx.Lifecycle, nc *nats.Conn, cfg config.Config) (jetstream.JetStream, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{OnStart: func(ctx context.Context) error {
		_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
			Name: cfg.StreamName,
			Subjects: []string{
				"chain.>", "fiat.>", "compliance.>", "custody.>",
				"customer.>", "notify.>", "travelrule.>",
			},
			Retention:  jetstream.LimitsPolicy,
			MaxAge:     7 * 24 * time.Hour,
			Duplicates: 2 * time.Minute,
			Storage:    jetstream.FileStorage,
			Replicas:   3,
		})
		return err
	}})
	return js, nil
}

type Publisher struct {
	js jetstream.JetStream
}

func NewPublisher(js jetstream.JetStream) *Publisher { return &Publisher{js: js} }

func (p *Publisher) Publish(ctx context.Context, subject, msgID string, payload []byte) error {
	var opts []jetstream.PublishOpt
	if msgID != "" {
		opts = append(opts, jetstream.WithMsgID(msgID))
	}
	if _, err := p.js.Publish(ctx, subject, payload, opts...); err != nil {
		return fmt.Errorf("publish %s: %w", subject, err)
	}
	return nil
}

var _ ports.Publisher = (*Publisher)(nil)

var Module = fx.Module("natsbus",
	fx.Provide(
		NewConn,
		NewJetStream,
		fx.Annotate(NewPublisher, fx.As(new(ports.Publisher))),
	),
)
