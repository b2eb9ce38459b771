// Package jetstream is a stub of github.com/nats-io/nats.go/jetstream v1.55.0 for analysistest.
package jetstream

import (
	"context"
	"time"

	"github.com/nats-io/nats.go"
)

const (
	MsgIDHeader             = "Nats-Msg-Id"
	ExpectedLastMsgIDHeader = "Nats-Expected-Last-Msg-Id"
)

type (
	// JetStream is trimmed: the real one also has AccountInfo, Options and embeds
	// StreamConsumerManager, StreamManager, KeyValueManager, ObjectStoreManager.
	JetStream interface {
		Conn() *nats.Conn
		Publisher
	}

	Publisher interface {
		Publish(ctx context.Context, subject string, payload []byte, opts ...PublishOpt) (*PubAck, error)
		PublishMsg(ctx context.Context, msg *nats.Msg, opts ...PublishOpt) (*PubAck, error)
		PublishAsync(subject string, payload []byte, opts ...PublishOpt) (PubAckFuture, error)
		PublishMsgAsync(msg *nats.Msg, opts ...PublishOpt) (PubAckFuture, error)
		PublishAsyncPending() int
		PublishAsyncComplete() <-chan struct{}
		CleanupPublisher()
	}

	// Msg is trimmed: the real one also has Reply, DoubleAck, Nak,
	// NakWithDelay, InProgress, Term and TermWithReason.
	Msg interface {
		Metadata() (*MsgMetadata, error)
		Data() []byte
		Headers() nats.Header
		Subject() string
		Ack() error
	}

	// MsgMetadata is trimmed to the message's place in its stream.
	MsgMetadata struct {
		Sequence SequencePair
		Stream   string
	}

	// SequencePair is a message's sequence in the stream and in the
	// consumer.
	SequencePair struct {
		Consumer uint64
		Stream   uint64
	}

	// Consumer is trimmed: the real one also has Consume, Messages and
	// Info.
	Consumer interface {
		Fetch(batch int, opts ...FetchOpt) (MessageBatch, error)
		Next(opts ...FetchOpt) (Msg, error)
	}

	// MessageBatch is a pull request's batch.
	MessageBatch interface {
		Messages() <-chan Msg
		Error() error
	}

	// FetchOpt is trimmed to a function of nothing.
	FetchOpt func() error

	PubAckFuture interface {
		Ok() <-chan *PubAck
		Err() <-chan error
		Msg() *nats.Msg
	}

	PubAck struct {
		Stream    string `json:"stream"`
		Sequence  uint64 `json:"seq"`
		Duplicate bool   `json:"duplicate,omitempty"`
		Domain    string `json:"domain,omitempty"`
	}

	JetStreamOptions struct {
		APIPrefix      string
		Domain         string
		DefaultTimeout time.Duration
	}

	JetStreamOpt func(*JetStreamOptions) error

	pubOpts struct {
		id            string
		lastMsgID     string
		stream        string
		retryWait     time.Duration
		retryAttempts int
		stallWait     time.Duration
	}

	// PublishOpt is a function type (unlike nats.PubOpt, which is an interface).
	PublishOpt func(*pubOpts) error
)

func New(nc *nats.Conn, opts ...JetStreamOpt) (JetStream, error) { return nil, nil }

// WithMsgID sets the message ID used for deduplication.
func WithMsgID(id string) PublishOpt {
	return func(opts *pubOpts) error {
		opts.id = id
		return nil
	}
}

func WithExpectLastMsgID(id string) PublishOpt {
	return func(opts *pubOpts) error {
		opts.lastMsgID = id
		return nil
	}
}

func WithExpectStream(stream string) PublishOpt {
	return func(opts *pubOpts) error {
		opts.stream = stream
		return nil
	}
}

func WithRetryWait(dur time.Duration) PublishOpt {
	return func(opts *pubOpts) error {
		opts.retryWait = dur
		return nil
	}
}

func WithRetryAttempts(num int) PublishOpt {
	return func(opts *pubOpts) error {
		opts.retryAttempts = num
		return nil
	}
}
