// Package pubsub is a stub of cloud.google.com/go/pubsub v1.52.0 for analysistest.
package pubsub

import (
	"context"

	ipubsub "cloud.google.com/go/internal/pubsub"
	"google.golang.org/api/option"
)

// Message is an alias, as in the real package.
type Message = ipubsub.Message

type PublishResult = ipubsub.PublishResult

type Client struct{}

func NewClient(ctx context.Context, projectID string, opts ...option.ClientOption) (c *Client, err error) {
	return &Client{}, nil
}
func (c *Client) Close() error                         { return nil }
func (c *Client) Subscription(id string) *Subscription { return &Subscription{} }
func (c *Client) Topic(id string) *Topic               { return &Topic{} }

type Subscription struct{}

func (s *Subscription) Receive(ctx context.Context, f func(context.Context, *Message)) error {
	return nil
}

type Topic struct{}

func (t *Topic) Publish(ctx context.Context, msg *Message) *PublishResult { return nil }
func (t *Topic) Stop()                                                    {}
