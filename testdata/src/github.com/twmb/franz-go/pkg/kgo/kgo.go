// Package kgo is a stub of github.com/twmb/franz-go/pkg/kgo v1.22.3 for analysistest.
package kgo

import (
	"context"
	"time"
)

type RecordHeader struct {
	Key   string
	Value []byte
}

type Record struct {
	Key       []byte
	Value     []byte
	Headers   []RecordHeader
	Timestamp time.Time
	Topic     string
	Partition int32
	Offset    int64
}

type FetchError struct {
	Topic     string
	Partition int32
	Err       error
}

type Fetches []Fetch

type Fetch struct{}

func (fs Fetches) Errors() []FetchError                    { return nil }
func (fs Fetches) IsClientClosed() bool                    { return false }
func (fs Fetches) Empty() bool                             { return false }
func (fs Fetches) Records() []*Record                      { return nil }
func (fs Fetches) EachRecord(fn func(*Record))             {}
func (fs Fetches) EachError(fn func(string, int32, error)) {}

type Opt interface{}

type Client struct{}

func NewClient(opts ...Opt) (*Client, error)                                   { return &Client{}, nil }
func (cl *Client) PollFetches(ctx context.Context) Fetches                     { return nil }
func (cl *Client) PollRecords(ctx context.Context, maxPollRecords int) Fetches { return nil }
func (cl *Client) CommitRecords(ctx context.Context, rs ...*Record) error      { return nil }
func (cl *Client) ProduceSync(ctx context.Context, rs ...*Record) ProduceResults {
	return nil
}
func (cl *Client) Produce(ctx context.Context, r *Record, promise func(*Record, error)) {}
func (cl *Client) Close()                                                               {}

type ProduceResults []ProduceResult

type ProduceResult struct {
	Record *Record
	Err    error
}

func (rs ProduceResults) FirstErr() error { return nil }

func ConsumeTopics(topics ...string) Opt { return nil }
func ConsumerGroup(group string) Opt     { return nil }
func DisableAutoCommit() Opt             { return nil }
