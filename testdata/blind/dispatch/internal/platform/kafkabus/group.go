package kafkabus

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/config"
)

// ConsumerGroup runs one kafka-go reader per registered topic. Offsets are
// committed only after the handler returns nil (or ErrPoison). When a handler
// keeps failing the reader is closed and reopened, which resumes from the
// last committed offset and so redelivers the failed message.
type ConsumerGroup struct {
	brokers []string
	groupID string
	router  *Router
	log     *zap.Logger

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewConsumerGroup binds the group to the fx lifecycle. Handlers are added to
// the Router by feature modules' fx.Invoke functions before OnStart runs.
func NewConsumerGroup(cfg config.Config, router *Router, log *zap.Logger, lc fx.Lifecycle) *ConsumerGroup {
	g := &ConsumerGroup{brokers: cfg.KafkaBrokers, groupID: cfg.KafkaGroupID, router: router, log: log}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { g.Start(); return nil },
		OnStop:  func(ctx context.Context) error { return g.Stop(ctx) },
	})
	return g
}

// Start launches the readers.
func (g *ConsumerGroup) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	g.cancel = cancel
	for _, topic := range g.router.Topics() {
		h, _ := g.router.Lookup(topic)
		g.wg.Add(1)
		go func(topic string, h HandlerFunc) {
			defer g.wg.Done()
			g.superviseTopic(ctx, topic, h)
		}(topic, h)
	}
}

// Stop cancels the readers and waits for them.
func (g *ConsumerGroup) Stop(ctx context.Context) error {
	if g.cancel != nil {
		g.cancel()
	}
	done := make(chan struct{})
	go func() { g.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *ConsumerGroup) superviseTopic(ctx context.Context, topic string, h HandlerFunc) {
	backoff := time.Second
	for ctx.Err() == nil {
		err := g.consume(ctx, topic, h)
		if ctx.Err() != nil {
			return
		}
		g.log.Warn("reader stopped; reopening from committed offset", zap.String("topic", topic), zap.Error(err))
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		if backoff < 30*time.Second {
			backoff *= 2
		}
	}
}

func (g *ConsumerGroup) consume(ctx context.Context, topic string, h HandlerFunc) error {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        g.brokers,
		GroupID:        g.groupID,
		Topic:          topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
	defer r.Close()

	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		msg := Message{
			Topic:     m.Topic,
			Partition: m.Partition,
			Offset:    m.Offset,
			Key:       m.Key,
			Value:     m.Value,
			Headers:   make(map[string]string, len(m.Headers)),
			Time:      m.Time,
		}
		for _, hd := range m.Headers {
			msg.Headers[hd.Key] = string(hd.Value)
		}
		if err := h(ctx, msg); err != nil && !errors.Is(err, ErrPoison) {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Producer publishes records with kafka-go.
type Producer interface {
	Publish(ctx context.Context, topic string, key string, value []byte, headers map[string]string) error
}

type writerProducer struct {
	w *kafka.Writer
}

// NewProducer builds a Producer over a shared kafka.Writer.
func NewProducer(cfg config.Config, lc fx.Lifecycle) Producer {
	w := &kafka.Writer{
		Addr:         kafka.TCP(cfg.KafkaBrokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 10 * time.Millisecond,
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return w.Close() }})
	return &writerProducer{w: w}
}

func (p *writerProducer) Publish(ctx context.Context, topic, key string, value []byte, headers map[string]string) error {
	msg := kafka.Message{Topic: topic, Key: []byte(key), Value: value}
	for k, v := range headers {
		msg.Headers = append(msg.Headers, kafka.Header{Key: k, Value: []byte(v)})
	}
	return p.w.WriteMessages(ctx, msg)
}

// Module wires the consumer group and producer.
var Module = fx.Module("kafkabus",
	fx.Provide(
		func(log *zap.Logger) *Router {
			r := NewRouter()
			r.Use(Recover(), WithTrace(), Logging(log))
			return r
		},
		NewConsumerGroup,
		NewProducer,
	),
	fx.Invoke(func(*ConsumerGroup) {}),
)
