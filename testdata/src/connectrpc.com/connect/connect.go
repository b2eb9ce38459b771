// Package connect is a stub of connectrpc.com/connect v1.19.1 for
// analysistest.
package connect

import (
	"context"
	"net/http"
)

type Request[T any] struct {
	Msg    *T
	header http.Header
}

func NewRequest[T any](message *T) *Request[T] { return &Request[T]{Msg: message} }

func (r *Request[_]) Header() http.Header { return r.header }

type Response[T any] struct {
	Msg *T
}

func NewResponse[T any](message *T) *Response[T] { return &Response[T]{Msg: message} }

type HandlerOption interface{}

type Handler struct{}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {}

func NewUnaryHandler[Req, Res any](procedure string, unary func(context.Context, *Request[Req]) (*Response[Res], error), options ...HandlerOption) *Handler {
	return &Handler{}
}

type ClientOption interface{}

type HTTPClient interface {
	Do(*http.Request) (*http.Response, error)
}

type Client[Req, Res any] struct{}

func NewClient[Req, Res any](httpClient HTTPClient, url string, options ...ClientOption) *Client[Req, Res] {
	return &Client[Req, Res]{}
}

func (c *Client[Req, Res]) CallUnary(ctx context.Context, request *Request[Req]) (*Response[Res], error) {
	return nil, nil
}
