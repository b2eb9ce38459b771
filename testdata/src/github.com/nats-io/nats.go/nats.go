// Package nats is a stub of github.com/nats-io/nats.go v1.55.0 for analysistest.
package nats

import "time"

const (
	MsgIdHdr             = "Nats-Msg-Id"
	ExpectedLastMsgIdHdr = "Nats-Expected-Last-Msg-Id"
)

type Header map[string][]string

func (h Header) Add(key, value string)      {}
func (h Header) Set(key, value string)      {}
func (h Header) Get(key string) string      { return "" }
func (h Header) Values(key string) []string { return nil }

type Subscription struct {
	Subject string
	Queue   string
}

type Msg struct {
	Subject string
	Reply   string
	Header  Header
	Data    []byte
	Sub     *Subscription
}

// MsgMetadata is trimmed to a message's place in its stream.
type MsgMetadata struct {
	Sequence SequencePair
	Stream   string
}

// SequencePair is a message's sequence in the stream and in the
// consumer.
type SequencePair struct {
	Consumer uint64
	Stream   uint64
}

// Metadata is a JetStream message's place; an error for another.
func (m *Msg) Metadata() (*MsgMetadata, error) { return &MsgMetadata{}, nil }

type ackOpts struct{}

type AckOpt interface {
	configureAck(opts *ackOpts) error
}

func (m *Msg) Respond(data []byte) error       { return nil }
func (m *Msg) Ack(opts ...AckOpt) error        { return nil }
func (m *Msg) AckSync(opts ...AckOpt) error    { return nil }
func (m *Msg) Nak(opts ...AckOpt) error        { return nil }
func (m *Msg) Term(opts ...AckOpt) error       { return nil }
func (m *Msg) InProgress(opts ...AckOpt) error { return nil }

type MsgHandler func(msg *Msg)

type Options struct{}
type Option func(*Options) error

type Conn struct{}

func Connect(url string, options ...Option) (*Conn, error) { return &Conn{}, nil }

func (nc *Conn) Close()                                 {}
func (nc *Conn) Publish(subj string, data []byte) error { return nil }
func (nc *Conn) PublishMsg(m *Msg) error                { return nil }
func (nc *Conn) Request(subj string, data []byte, timeout time.Duration) (*Msg, error) {
	return nil, nil
}
func (nc *Conn) Subscribe(subj string, cb MsgHandler) (*Subscription, error) { return nil, nil }
func (nc *Conn) QueueSubscribe(subj, queue string, cb MsgHandler) (*Subscription, error) {
	return nil, nil
}
func (nc *Conn) JetStream(opts ...JSOpt) (JetStreamContext, error) { return nil, nil }

type jsOpts struct{}
type pubOpts struct{}
type subOpts struct{}

type JSOpt interface {
	configureJSContext(opts *jsOpts) error
}

type PubOpt interface {
	configurePublish(opts *pubOpts) error
}

type SubOpt interface {
	configureSubscribe(opts *subOpts) error
}

type pubOptFn func(opts *pubOpts) error

func (f pubOptFn) configurePublish(opts *pubOpts) error { return f(opts) }

type subOptFn func(opts *subOpts) error

func (f subOptFn) configureSubscribe(opts *subOpts) error { return f(opts) }

func MsgId(id string) PubOpt         { return pubOptFn(nil) }
func Durable(consumer string) SubOpt { return subOptFn(nil) }
func ManualAck() SubOpt              { return subOptFn(nil) }

type PubAck struct {
	Stream    string `json:"stream"`
	Sequence  uint64 `json:"seq"`
	Duplicate bool   `json:"duplicate,omitempty"`
	Domain    string `json:"domain,omitempty"`
}

// JetStream is trimmed (real one also has async publish, sync/chan/pull subscribe).
type JetStream interface {
	Publish(subj string, data []byte, opts ...PubOpt) (*PubAck, error)
	PublishMsg(m *Msg, opts ...PubOpt) (*PubAck, error)
	Subscribe(subj string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	QueueSubscribe(subj, queue string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
}

// JetStreamContext also embeds JetStreamManager, KeyValueManager, ObjectStoreManager in the real package.
type JetStreamContext interface {
	JetStream
}

func (h Header) Del(key string) { delete(h, key) }

// NewMsg creates a message for publishing that will use headers.
func NewMsg(subject string) *Msg {
	return &Msg{Subject: subject, Header: make(Header)}
}
