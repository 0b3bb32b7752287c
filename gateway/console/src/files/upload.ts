// A mod archive uploaded to Depot (PUT /api/mod/{slug}/{version}/archive, or with a new mod
// PUT /api/manage/mods/{slug}/{version}/archive; docs/api.md), with its progress: an XMLHttpRequest, since fetch reports no upload progress. The body is the file itself,
// streamed by the browser (never read into memory here); Depot computes md5, size and hashes. The
// session cookie and the CSRF token go with it as with every write of the console; a refusal is an
// ApiError in the console's words, as from the typed client.
import { ApiError, csrfHeaders, refuseEmptySegment, SESSION_ENDED, toApiError } from '../api';

/** What the upload route answers (a version created or given its archive). */
export interface ArchiveUpload {
  version: { id: number; version: string; md5?: string; filesize?: number | null };
  created_version: boolean;
  changed: boolean;
  stored: boolean;
  packaged: boolean;
  warnings: string[];
  /** The builds that hold the version, whose launchers get the new archive (a confirmed replace). */
  builds: { modpack: string; modpack_name: string; build: string; published: boolean }[];
}

export interface UploadRequest {
  slug: string;
  version: string;
  file: File;
  /** Create the version when it does not exist yet. */
  create: boolean;
  /** Replace an archive the version already has. */
  replace?: boolean;
  /** ...even when builds use it (the person confirmed). */
  replaceInBuilds?: boolean;
  /** The mod does not exist yet: it is created with this file, or not at all when the file is refused. */
  newMod?: { prettyName: string };
}

const e = encodeURIComponent;

export function uploadArchive(
  req: UploadRequest,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ArchiveUpload> {
  const query = new URLSearchParams({ file_name: req.file.name });
  if (req.newMod) query.set('pretty_name', req.newMod.prettyName);
  else if (req.create) query.set('create', 'true');
  if (req.replace) query.set('replace', 'true');
  if (req.replaceInBuilds) query.set('replace_in_builds', 'true');
  const where = req.newMod ? '/api/manage/mods' : '/api/mod';
  const url = `${where}/${e(req.slug)}/${e(req.version)}/archive?${query}`;
  return new Promise((resolve, reject) => {
    refuseEmptySegment(url);
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : req.file.size);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(req.file.size, req.file.size);
        return resolve(body as ArchiveUpload);
      }
      if (xhr.status === 401) window.dispatchEvent(new Event(SESSION_ENDED));
      reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Depot cannot be reached. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was stopped.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(req.file);
  });
}
