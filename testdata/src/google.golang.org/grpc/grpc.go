// Package grpc is a stub of google.golang.org/grpc v1.85.0 for analysistest.
package grpc

import (
	"context"
	"net"

	"google.golang.org/grpc/metadata"
)

const SupportPackageIsVersion9 = true

type serverOptions struct{}
type callInfo struct{}

type ServerOption interface {
	apply(*serverOptions)
}

type CallOption interface {
	before(*callInfo) error
}

type staticMethodCallOption struct{}

func (staticMethodCallOption) before(*callInfo) error { return nil }

func StaticMethod() CallOption { return staticMethodCallOption{} }

type UnaryServerInfo struct {
	Server     any
	FullMethod string
}

type UnaryHandler func(ctx context.Context, req any) (any, error)
type UnaryServerInterceptor func(ctx context.Context, req any, info *UnaryServerInfo, handler UnaryHandler) (resp any, err error)
type MethodHandler func(srv any, ctx context.Context, dec func(any) error, interceptor UnaryServerInterceptor) (any, error)

type ServerStream interface {
	SetHeader(metadata.MD) error
	SendHeader(metadata.MD) error
	SetTrailer(metadata.MD)
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}

type ClientStream interface {
	Header() (metadata.MD, error)
	Trailer() metadata.MD
	CloseSend() error
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}

type StreamHandler func(srv any, stream ServerStream) error

type MethodDesc struct {
	MethodName string
	Handler    MethodHandler
}

type StreamDesc struct {
	StreamName    string
	Handler       StreamHandler
	ServerStreams bool
	ClientStreams bool
}

type ServiceDesc struct {
	ServiceName string
	HandlerType any
	Methods     []MethodDesc
	Streams     []StreamDesc
	Metadata    any
}

type ServiceRegistrar interface {
	RegisterService(desc *ServiceDesc, impl any)
}

type ClientConnInterface interface {
	Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error
	NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error)
}

type Server struct{}

func NewServer(opt ...ServerOption) *Server               { return &Server{} }
func (s *Server) RegisterService(sd *ServiceDesc, ss any) {}
func (s *Server) Serve(lis net.Listener) error            { return nil }
func (s *Server) Stop()                                   {}
func (s *Server) GracefulStop()                           {}

func UnaryInterceptor(i UnaryServerInterceptor) ServerOption                    { return nil }
func ChainUnaryInterceptor(interceptors ...UnaryServerInterceptor) ServerOption { return nil }
