// Package amqp091 is a stub of github.com/rabbitmq/amqp091-go v1.16.0 for analysistest.
package amqp091

import (
	"context"
	"time"
)

type Table map[string]any

type Acknowledger interface {
	Ack(tag uint64, multiple bool) error
	Nack(tag uint64, multiple, requeue bool) error
	Reject(tag uint64, requeue bool) error
}

type Delivery struct {
	Acknowledger  Acknowledger
	Headers       Table
	ContentType   string
	CorrelationId string
	MessageId     string
	Timestamp     time.Time
	Type          string
	ConsumerTag   string
	DeliveryTag   uint64
	Redelivered   bool
	Exchange      string
	RoutingKey    string
	Body          []byte
}

func (d Delivery) Ack(multiple bool) error           { return nil }
func (d Delivery) Nack(multiple, requeue bool) error { return nil }
func (d Delivery) Reject(requeue bool) error         { return nil }

type Publishing struct {
	Headers         Table
	ContentType     string
	ContentEncoding string
	DeliveryMode    uint8
	Priority        uint8
	CorrelationId   string
	ReplyTo         string
	Expiration      string
	MessageId       string
	Timestamp       time.Time
	Type            string
	UserId          string
	AppId           string
	Body            []byte
}

type Connection struct{}

func Dial(url string) (*Connection, error)       { return &Connection{}, nil }
func (c *Connection) Channel() (*Channel, error) { return &Channel{}, nil }
func (c *Connection) Close() error               { return nil }

type Channel struct{}

func (ch *Channel) Close() error                                           { return nil }
func (ch *Channel) Qos(prefetchCount, prefetchSize int, global bool) error { return nil }
func (ch *Channel) Consume(queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}
func (ch *Channel) Publish(exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}
func (ch *Channel) PublishWithContext(ctx context.Context, exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}
func (ch *Channel) Ack(tag uint64, multiple bool) error { return nil }
