// Package redisx holds the short-lived locks and the dedup cache.
package redisx

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrLockHeld is returned when another process owns a lock.
var ErrLockHeld = errors.New("redisx: lock held elsewhere")

// New returns a client for addr and a cleanup that closes it.
func New(ctx context.Context, addr, password string, db int) (*redis.Client, func(), error) {
	rdb := redis.NewClient(&redis.Options{Addr: addr, Password: password, DB: db})
	if err := rdb.Ping(ctx).Err(); err != nil {
		_ = rdb.Close()
		return nil, nil, fmt.Errorf("redisx: ping: %w", err)
	}
	return rdb, func() { _ = rdb.Close() }, nil
}

// Deduper remembers keys for a while.
type Deduper interface {
	// FirstSeen records key and reports whether it was not already present.
	FirstSeen(ctx context.Context, key string, ttl time.Duration) (bool, error)
	Forget(ctx context.Context, key string) error
}

// Locker hands out exclusive, expiring locks.
type Locker interface {
	Acquire(ctx context.Context, name string, ttl time.Duration) (release func(), err error)
}

// Store implements Deduper and Locker on top of redis.
type Store struct {
	rdb    *redis.Client
	prefix string
	token  func() string
}

// Option configures the redis-backed store.
type Option func(*Store)

// WithPrefix namespaces every key.
func WithPrefix(p string) Option { return func(s *Store) { s.prefix = p } }

// WithTokenFunc sets how lock ownership tokens are minted.
func WithTokenFunc(f func() string) Option { return func(s *Store) { s.token = f } }

// NewStore returns a Deduper and Locker over rdb.
func NewStore(rdb *redis.Client, opts ...Option) *Store {
	s := &Store{rdb: rdb, prefix: "hotels:", token: func() string { return fmt.Sprint(time.Now().UnixNano()) }}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *Store) FirstSeen(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	return s.rdb.SetNX(ctx, s.prefix+"dedup:"+key, 1, ttl).Result()
}

func (s *Store) Forget(ctx context.Context, key string) error {
	return s.rdb.Del(ctx, s.prefix+"dedup:"+key).Err()
}

var releaseScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
return 0`)

func (s *Store) Acquire(ctx context.Context, name string, ttl time.Duration) (func(), error) {
	key := s.prefix + "lock:" + name
	tok := s.token()
	ok, err := s.rdb.SetNX(ctx, key, tok, ttl).Result()
	if err != nil {
		return nil, fmt.Errorf("redisx: acquire %s: %w", name, err)
	}
	if !ok {
		return nil, ErrLockHeld
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = releaseScript.Run(ctx, s.rdb, []string{key}, tok).Err()
	}, nil
}
