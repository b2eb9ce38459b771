package grpc

import (
	"context"

	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
)

type dialOptions struct{}

// DialOption configures how we set up the connection.
type DialOption interface {
	apply(*dialOptions)
}

type funcDialOption struct{ f func(*dialOptions) }

func (fdo *funcDialOption) apply(do *dialOptions) {
	if fdo.f != nil {
		fdo.f(do)
	}
}

type UnaryInvoker func(ctx context.Context, method string, req, reply any, cc *ClientConn, opts ...CallOption) error
type UnaryClientInterceptor func(ctx context.Context, method string, req, reply any, cc *ClientConn, invoker UnaryInvoker, opts ...CallOption) error

func WithBlock() DialOption    { return &funcDialOption{} }
func WithInsecure() DialOption { return &funcDialOption{} }
func WithTransportCredentials(creds credentials.TransportCredentials) DialOption {
	return &funcDialOption{}
}
func WithUnaryInterceptor(f UnaryClientInterceptor) DialOption { return &funcDialOption{} }
func WithChainUnaryInterceptor(interceptors ...UnaryClientInterceptor) DialOption {
	return &funcDialOption{}
}

// ClientConn implements ClientConnInterface.
type ClientConn struct {
	target string
}

func NewClient(target string, opts ...DialOption) (conn *ClientConn, err error) {
	return &ClientConn{target: target}, nil
}
func Dial(target string, opts ...DialOption) (*ClientConn, error) {
	return &ClientConn{target: target}, nil
}
func DialContext(ctx context.Context, target string, opts ...DialOption) (conn *ClientConn, err error) {
	return &ClientConn{target: target}, nil
}

func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any, opts ...CallOption) error {
	return nil
}
func (cc *ClientConn) NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error) {
	return nil, nil
}
func (cc *ClientConn) Close() error   { return nil }
func (cc *ClientConn) Target() string { return cc.target }

var _ ClientConnInterface = (*ClientConn)(nil)

type funcCallOption struct{}

func (funcCallOption) before(*callInfo) error { return nil }

func Header(md *metadata.MD) CallOption         { return funcCallOption{} }
func Trailer(md *metadata.MD) CallOption        { return funcCallOption{} }
func WaitForReady(waitForReady bool) CallOption { return funcCallOption{} }
