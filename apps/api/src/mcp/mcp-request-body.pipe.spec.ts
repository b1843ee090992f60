import { describe, expect, it } from '@jest/globals';
import { McpRequestBodyPipe } from './mcp-request-body.pipe.js';

const pipe = new McpRequestBodyPipe();

describe(McpRequestBodyPipe.name, () => {
  it('keeps the message as sent and reads the id and tool of a tools/call', () => {
    const message = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'create_project' } };
    expect(pipe.transform(message)).toEqual({
      message,
      requestId: 7,
      toolCalls: [{ id: 7, tool: 'create_project' }],
    });
  });

  it('reads every tools/call of a batch, in order, and no request id', () => {
    const batch = [
      { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
      { jsonrpc: '2.0', method: 'tools/call', params: { name: 'list_libraries' } },
      { jsonrpc: '2.0', id: 'c', method: 'tools/call', params: { name: 'create_page' } },
    ];
    expect(pipe.transform(batch)).toEqual({
      message: batch,
      requestId: null,
      toolCalls: [
        { id: null, tool: 'list_libraries' },
        { id: 'c', tool: 'create_page' },
      ],
    });
  });

  it('passes anything else through untouched, for the transport to refuse', () => {
    for (const body of [undefined, null, 'text', { id: { not: 'an id' }, method: 'tools/call', params: {} }])
      expect(pipe.transform(body)).toEqual({ message: body, requestId: null, toolCalls: [] });
  });
});
