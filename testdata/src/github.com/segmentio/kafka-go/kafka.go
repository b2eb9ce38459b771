// Package kafka is a stub of github.com/segmentio/kafka-go v0.4.51 for analysistest.
package kafka

import (
	"context"
	"net"
	"time"

	"github.com/segmentio/kafka-go/protocol"
)

type Header = protocol.Header

type Message struct {
	Topic         string
	Partition     int
	Offset        int64
	HighWaterMark int64
	Key           []byte
	Value         []byte
	Headers       []Header
	WriterData    interface{}
	Time          time.Time
}

type ReaderConfig struct {
	Brokers        []string
	GroupID        string
	Topic          string
	Partition      int
	MinBytes       int
	MaxBytes       int
	CommitInterval time.Duration
}

type Reader struct{}

func NewReader(config ReaderConfig) *Reader                                 { return &Reader{} }
func (r *Reader) Close() error                                              { return nil }
func (r *Reader) ReadMessage(ctx context.Context) (Message, error)          { return Message{}, nil }
func (r *Reader) FetchMessage(ctx context.Context) (Message, error)         { return Message{}, nil }
func (r *Reader) CommitMessages(ctx context.Context, msgs ...Message) error { return nil }

type Balancer interface {
	Balance(msg Message, partitions ...int) (partition int)
}

type Hash struct{}

func (h *Hash) Balance(msg Message, partitions ...int) int { return 0 }

type LeastBytes struct{}

func (lb *LeastBytes) Balance(msg Message, partitions ...int) int { return 0 }

type RequiredAcks int

type Writer struct {
	Addr         net.Addr
	Topic        string
	Balancer     Balancer
	RequiredAcks RequiredAcks
	Async        bool
}

func (w *Writer) Close() error                                             { return nil }
func (w *Writer) WriteMessages(ctx context.Context, msgs ...Message) error { return nil }

func TCP(address ...string) net.Addr { return nil }
