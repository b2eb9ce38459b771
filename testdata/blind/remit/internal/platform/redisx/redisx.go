// Package redisx holds the Redis client, the SETNX lock and the cached flags.
package redisx

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sendhome/remit/internal/config"
)

func NewClient(cfg *config.Config) *redis.Client {
	return redis.NewClient(&redis.Options{
		Addr:         cfg.RedisAddr,
		DB:           cfg.RedisDB,
		ReadTimeout:  5 * time.Second,
		WriteTimeout: 3 * time.Second,
	})
}

var ErrLocked = errors.New("redisx: lock held by another worker")

// Locker is a best-effort mutual exclusion lock on a key.
type Locker interface {
	Acquire(ctx context.Context, key string, ttl time.Duration) (release func(), err error)
}

type setnxLocker struct {
	rdb   *redis.Client
	owner string
}

func NewLocker(rdb *redis.Client, cfg *config.Config) Locker {
	return &setnxLocker{rdb: rdb, owner: cfg.ConsumerName}
}

var releaseScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
return 0`)

func (l *setnxLocker) Acquire(ctx context.Context, key string, ttl time.Duration) (func(), error) {
	ok, err := l.rdb.SetNX(ctx, "lock:"+key, l.owner, ttl).Result()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrLocked
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = releaseScript.Run(ctx, l.rdb, []string{"lock:" + key}, l.owner).Err()
	}, nil
}

// Flags reads operational switches ("payouts.paused", "corridor.US-PH.disabled")
// from Redis and caches them in-process for a short time.
type Flags interface {
	Enabled(ctx context.Context, name string) bool
	Set(ctx context.Context, name string, on bool) error
}

type cachedFlags struct {
	rdb *redis.Client
	ttl time.Duration

	mu    sync.Mutex
	cache map[string]flagEntry
}

type flagEntry struct {
	on      bool
	fetched time.Time
}

func NewFlags(rdb *redis.Client) Flags {
	return &cachedFlags{rdb: rdb, ttl: 10 * time.Second, cache: map[string]flagEntry{}}
}

func (f *cachedFlags) Enabled(ctx context.Context, name string) bool {
	f.mu.Lock()
	e, ok := f.cache[name]
	f.mu.Unlock()
	if ok && time.Since(e.fetched) < f.ttl {
		return e.on
	}
	v, err := f.rdb.Get(ctx, "flag:"+name).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		return e.on // keep last known value on Redis errors
	}
	on := v == "1"
	f.mu.Lock()
	f.cache[name] = flagEntry{on: on, fetched: time.Now()}
	f.mu.Unlock()
	return on
}

func (f *cachedFlags) Set(ctx context.Context, name string, on bool) error {
	val := "0"
	if on {
		val = "1"
	}
	if err := f.rdb.Set(ctx, "flag:"+name, val, 0).Err(); err != nil {
		return err
	}
	f.mu.Lock()
	f.cache[name] = flagEntry{on: on, fetched: time.Now()}
	f.mu.Unlock()
	return nil
}
