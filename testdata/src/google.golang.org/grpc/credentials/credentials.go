// Package credentials is a stub of google.golang.org/grpc/credentials v1.85.0 for analysistest.
package credentials

import (
	"context"
	"net"
)

type AuthInfo interface {
	AuthType() string
}

type ProtocolInfo struct {
	ProtocolVersion  string
	SecurityProtocol string
	SecurityVersion  string
	ServerName       string
}

type TransportCredentials interface {
	ClientHandshake(context.Context, string, net.Conn) (net.Conn, AuthInfo, error)
	ServerHandshake(net.Conn) (net.Conn, AuthInfo, error)
	Info() ProtocolInfo
	Clone() TransportCredentials
	OverrideServerName(string) error
}
