package notify

import "context"

// KeyFunc produces an idempotency key for a message that has none.
type KeyFunc func() string

type keyedSender struct {
	next Sender
	key  KeyFunc
}

// Keyed decorates a Sender so that every message reaches the provider with
// an Idempotency-Key. Messages that already carry a key keep it.
func Keyed(next Sender, key KeyFunc) Sender {
	return &keyedSender{next: next, key: key}
}

func (k *keyedSender) Send(ctx context.Context, m Message) (string, error) {
	if m.IdempotencyKey == "" {
		m.IdempotencyKey = k.key()
	}
	return k.next.Send(ctx, m)
}
