// Package asynq is a stub of github.com/hibiken/asynq v0.26.0 for analysistest.
package asynq

import (
	"context"
	"errors"
	"time"
)

var (
	ErrDuplicateTask  = errors.New("task already exists")
	ErrTaskIDConflict = errors.New("task ID conflicts with another task")
	SkipRetry         = errors.New("skip retry for the task")
)

type Task struct {
	typename string
	payload  []byte
	headers  map[string]string
	opts     []Option
	w        *ResultWriter
}

func NewTask(typename string, payload []byte, opts ...Option) *Task { return &Task{} }

func (t *Task) Type() string                { return t.typename }
func (t *Task) Payload() []byte             { return t.payload }
func (t *Task) Headers() map[string]string  { return t.headers }
func (t *Task) ResultWriter() *ResultWriter { return t.w }

type ResultWriter struct{ id string }

func (w *ResultWriter) Write(data []byte) (n int, err error) { return len(data), nil }
func (w *ResultWriter) TaskID() string                       { return w.id }

type TaskInfo struct {
	ID       string
	Queue    string
	Type     string
	Payload  []byte
	MaxRetry int
	Retried  int
}

type OptionType int

type Option interface {
	String() string
	Type() OptionType
	Value() interface{}
}

type option struct{}

func (option) String() string     { return "" }
func (option) Type() OptionType   { return 0 }
func (option) Value() interface{} { return nil }

func MaxRetry(n int) Option            { return option{} }
func Queue(name string) Option         { return option{} }
func TaskID(id string) Option          { return option{} }
func Timeout(d time.Duration) Option   { return option{} }
func Unique(ttl time.Duration) Option  { return option{} }
func ProcessIn(d time.Duration) Option { return option{} }
func Retention(d time.Duration) Option { return option{} }

func GetTaskID(ctx context.Context) (id string, ok bool) { return "", false }
func GetRetryCount(ctx context.Context) (n int, ok bool) { return 0, false }
func GetMaxRetry(ctx context.Context) (n int, ok bool)   { return 0, false }

type Handler interface {
	ProcessTask(context.Context, *Task) error
}

type HandlerFunc func(context.Context, *Task) error

func (fn HandlerFunc) ProcessTask(ctx context.Context, task *Task) error { return fn(ctx, task) }

type MiddlewareFunc func(Handler) Handler

type ServeMux struct{}

func NewServeMux() *ServeMux                                                                { return &ServeMux{} }
func (mux *ServeMux) ProcessTask(ctx context.Context, task *Task) error                     { return nil }
func (mux *ServeMux) Handle(pattern string, handler Handler)                                {}
func (mux *ServeMux) HandleFunc(pattern string, handler func(context.Context, *Task) error) {}
func (mux *ServeMux) Use(mws ...MiddlewareFunc)                                             {}

type RedisConnOpt interface {
	MakeRedisClient() interface{}
}

type RedisClientOpt struct {
	Addr     string
	Password string
	DB       int
}

func (opt RedisClientOpt) MakeRedisClient() interface{} { return nil }

type Client struct{}

func NewClient(r RedisConnOpt) *Client                                  { return &Client{} }
func (c *Client) Close() error                                          { return nil }
func (c *Client) Enqueue(task *Task, opts ...Option) (*TaskInfo, error) { return nil, nil }
func (c *Client) EnqueueContext(ctx context.Context, task *Task, opts ...Option) (*TaskInfo, error) {
	return nil, nil
}

type Config struct {
	Concurrency int
	Queues      map[string]int
}

type Server struct{}

func NewServer(r RedisConnOpt, cfg Config) *Server { return &Server{} }
func (srv *Server) Run(handler Handler) error      { return nil }
