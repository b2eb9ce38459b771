package ports

import "time"

// CallOptions configure a single outbound provider call.
type CallOptions struct {
	IdempotencyKey string
	Metadata       map[string]string
	Timeout        time.Duration
}

type CallOption func(*CallOptions)

func WithIdempotencyKey(key string) CallOption {
	return func(o *CallOptions) { o.IdempotencyKey = key }
}

func WithMetadata(kv ...string) CallOption {
	return func(o *CallOptions) {
		if o.Metadata == nil {
			o.Metadata = make(map[string]string, len(kv)/2)
		}
		for i := 0; i+1 < len(kv); i += 2 {
			o.Metadata[kv[i]] = kv[i+1]
		}
	}
}

func WithTimeout(d time.Duration) CallOption {
	return func(o *CallOptions) { o.Timeout = d }
}

func ApplyCallOptions(opts []CallOption) CallOptions {
	var o CallOptions
	for _, fn := range opts {
		if fn != nil {
			fn(&o)
		}
	}
	return o
}

// EnqueueOptions configure how a background job is inserted.
type EnqueueOptions struct {
	UniqueByArgs bool
	UniqueFor    time.Duration
	ScheduledAt  time.Time
	Queue        string
	MaxAttempts  int
}

type EnqueueOption func(*EnqueueOptions)

func UniqueByArgs() EnqueueOption {
	return func(o *EnqueueOptions) { o.UniqueByArgs = true }
}

func UniqueFor(d time.Duration) EnqueueOption {
	return func(o *EnqueueOptions) {
		o.UniqueByArgs = true
		o.UniqueFor = d
	}
}

func RunAt(t time.Time) EnqueueOption {
	return func(o *EnqueueOptions) { o.ScheduledAt = t }
}

func OnQueue(q string) EnqueueOption {
	return func(o *EnqueueOptions) { o.Queue = q }
}

func MaxAttempts(n int) EnqueueOption {
	return func(o *EnqueueOptions) { o.MaxAttempts = n }
}

func ApplyEnqueueOptions(opts []EnqueueOption) EnqueueOptions {
	var o EnqueueOptions
	for _, fn := range opts {
		fn(&o)
	}
	return o
}
