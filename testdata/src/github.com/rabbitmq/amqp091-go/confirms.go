package amqp091

import "context"

type DeferredConfirmation struct {
	DeliveryTag uint64

	done chan struct{}
	ack  bool
}

func (d *DeferredConfirmation) Done() <-chan struct{}                         { return d.done }
func (d *DeferredConfirmation) Acked() bool                                   { return d.ack }
func (d *DeferredConfirmation) Wait() bool                                    { return d.ack }
func (d *DeferredConfirmation) WaitContext(ctx context.Context) (bool, error) { return d.ack, nil }

type Confirmation struct {
	DeliveryTag uint64
	Ack         bool
}

func (ch *Channel) Confirm(noWait bool) error                                 { return nil }
func (ch *Channel) NotifyPublish(confirm chan Confirmation) chan Confirmation { return confirm }
func (ch *Channel) PublishWithDeferredConfirm(exchange, key string, mandatory, immediate bool, msg Publishing) (*DeferredConfirmation, error) {
	return nil, nil
}
func (ch *Channel) PublishWithDeferredConfirmWithContext(ctx context.Context, exchange, key string, mandatory, immediate bool, msg Publishing) (*DeferredConfirmation, error) {
	return nil, nil
}
